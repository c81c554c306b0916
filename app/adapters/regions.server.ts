import type { Country } from "~/lib/countries";
import type { Language } from "~/lib/i18n";

/*
 * The regions people name when they look for a day out, which no gazetteer of towns holds: the
 * Dutch and Belgian provinces and the landscapes of the Low Countries (de Betuwe, Haspengouw, de
 * Bollenstreek). Each is a circle around its middle that holds most of it, a search "near" the
 * region reaching that far. Centres and radii are rounded from the regions' outlines.
 */
export interface Region {
  /** A stable key, as the query reader reports it. */
  id: string;
  /** Its names as foldWords writes them, in Dutch, English and French; the first is its own. */
  names: readonly string[];
  label: Record<Language, string>;
  country: Country;
  lat: number;
  lng: number;
  radiusKm: number;
}

function region(
  id: string,
  country: Country,
  [lat, lng, radiusKm]: [number, number, number],
  label: Record<Language, string>,
  names: readonly string[],
): Region {
  return { id, names, label, country, lat, lng, radiusKm };
}

export const REGIONS: readonly Region[] = [
  // The Dutch provinces. Those named after their capital (Utrecht, Groningen) are found as
  // "provincie Utrecht": the bare name is the city.
  region(
    "nl-noord-holland",
    "NL",
    [52.58, 4.87, 50],
    { en: "North Holland", nl: "Noord-Holland" },
    ["noord holland", "north holland"],
  ),
  region("nl-zuid-holland", "NL", [51.98, 4.5, 45], { en: "South Holland", nl: "Zuid-Holland" }, [
    "zuid holland",
    "south holland",
  ]),
  region(
    "nl-utrecht",
    "NL",
    [52.08, 5.2, 30],
    { en: "Utrecht province", nl: "provincie Utrecht" },
    ["provincie utrecht", "province of utrecht", "utrecht province"],
  ),
  region("nl-zeeland", "NL", [51.47, 3.85, 45], { en: "Zeeland", nl: "Zeeland" }, ["zeeland"]),
  region("nl-noord-brabant", "NL", [51.56, 5.2, 60], { en: "North Brabant", nl: "Noord-Brabant" }, [
    "noord brabant",
    "north brabant",
    "brabant",
  ]),
  region("nl-limburg", "NL", [51.2, 5.93, 55], { en: "Limburg (NL)", nl: "Limburg (NL)" }, [
    "limburg",
    "limburg nl",
    "nederlands limburg",
    "dutch limburg",
  ]),
  region("nl-gelderland", "NL", [52.06, 5.95, 55], { en: "Gelderland", nl: "Gelderland" }, [
    "gelderland",
  ]),
  region("nl-overijssel", "NL", [52.44, 6.44, 45], { en: "Overijssel", nl: "Overijssel" }, [
    "overijssel",
  ]),
  region("nl-flevoland", "NL", [52.5, 5.55, 35], { en: "Flevoland", nl: "Flevoland" }, [
    "flevoland",
  ]),
  region("nl-drenthe", "NL", [52.86, 6.62, 40], { en: "Drenthe", nl: "Drenthe" }, ["drenthe"]),
  region("nl-friesland", "NL", [53.1, 5.82, 50], { en: "Friesland", nl: "Friesland" }, [
    "friesland",
    "fryslan",
  ]),
  region(
    "nl-groningen",
    "NL",
    [53.25, 6.75, 40],
    { en: "Groningen province", nl: "provincie Groningen" },
    ["provincie groningen", "province of groningen", "groningen province"],
  ),
  // The Belgian provinces.
  region(
    "be-antwerpen",
    "BE",
    [51.22, 4.72, 40],
    { en: "Antwerp province", nl: "provincie Antwerpen" },
    ["provincie antwerpen", "province of antwerp", "antwerp province"],
  ),
  region("be-limburg", "BE", [50.98, 5.45, 35], { en: "Limburg (BE)", nl: "Limburg (BE)" }, [
    "limburg",
    "limburg be",
    "belgisch limburg",
    "belgian limburg",
  ]),
  region(
    "be-oost-vlaanderen",
    "BE",
    [51.03, 3.82, 40],
    { en: "East Flanders", nl: "Oost-Vlaanderen" },
    ["oost vlaanderen", "east flanders", "flandre orientale"],
  ),
  region(
    "be-west-vlaanderen",
    "BE",
    [51.04, 3.05, 45],
    { en: "West Flanders", nl: "West-Vlaanderen" },
    ["west vlaanderen", "west flanders", "flandre occidentale"],
  ),
  region(
    "be-vlaams-brabant",
    "BE",
    [50.88, 4.55, 40],
    { en: "Flemish Brabant", nl: "Vlaams-Brabant" },
    ["vlaams brabant", "flemish brabant", "brabant flamand"],
  ),
  region(
    "be-waals-brabant",
    "BE",
    [50.65, 4.58, 25],
    { en: "Walloon Brabant", nl: "Waals-Brabant" },
    ["waals brabant", "walloon brabant", "brabant wallon"],
  ),
  region("be-henegouwen", "BE", [50.5, 3.98, 55], { en: "Hainaut", nl: "Henegouwen" }, [
    "henegouwen",
    "hainaut",
  ]),
  region("be-namen", "BE", [50.33, 4.83, 45], { en: "Namur province", nl: "provincie Namen" }, [
    "provincie namen",
    "province of namur",
    "namur province",
    "province de namur",
  ]),
  region("be-luik", "BE", [50.5, 5.72, 45], { en: "Liège province", nl: "provincie Luik" }, [
    "provincie luik",
    "province of liege",
    "liege province",
    "province de liege",
  ]),
  region(
    "be-luxemburg",
    "BE",
    [49.95, 5.5, 45],
    { en: "Luxembourg province", nl: "provincie Luxemburg" },
    [
      "provincie luxemburg",
      "province of luxembourg",
      "luxembourg province",
      "province de luxembourg",
      "belgisch luxemburg",
    ],
  ),
  region("flanders", "BE", [51.0, 4.25, 90], { en: "Flanders", nl: "Vlaanderen" }, [
    "vlaanderen",
    "flanders",
    "flandre",
  ]),
  // Landscapes and districts.
  region("haspengouw", "BE", [50.75, 5.3, 22], { en: "Haspengouw", nl: "Haspengouw" }, [
    "haspengouw",
    "hesbaye",
  ]),
  region("betuwe", "NL", [51.9, 5.5, 25], { en: "the Betuwe", nl: "de Betuwe" }, [
    "betuwe",
    "de betuwe",
    "the betuwe",
  ]),
  region(
    "bollenstreek",
    "NL",
    [52.25, 4.52, 12],
    { en: "the Bulb Region", nl: "de Bollenstreek" },
    ["bollenstreek", "de bollenstreek", "bulb region", "the bulb region", "duin en bollenstreek"],
  ),
  region("veluwe", "NL", [52.2, 5.85, 30], { en: "the Veluwe", nl: "de Veluwe" }, [
    "veluwe",
    "de veluwe",
    "the veluwe",
  ]),
  region("achterhoek", "NL", [51.98, 6.5, 25], { en: "the Achterhoek", nl: "de Achterhoek" }, [
    "achterhoek",
    "de achterhoek",
    "the achterhoek",
  ]),
  region("twente", "NL", [52.3, 6.75, 25], { en: "Twente", nl: "Twente" }, ["twente"]),
  region("salland", "NL", [52.35, 6.25, 20], { en: "Salland", nl: "Salland" }, ["salland"]),
  region("westland", "NL", [52.0, 4.22, 10], { en: "Westland", nl: "het Westland" }, [
    "westland",
    "het westland",
  ]),
  region("het-gooi", "NL", [52.25, 5.2, 12], { en: "Het Gooi", nl: "het Gooi" }, [
    "gooi",
    "het gooi",
    "t gooi",
  ]),
  region(
    "hoeksche-waard",
    "NL",
    [51.76, 4.45, 12],
    { en: "Hoeksche Waard", nl: "de Hoeksche Waard" },
    ["hoeksche waard", "de hoeksche waard"],
  ),
  region("west-friesland", "NL", [52.7, 5.05, 18], { en: "West Friesland", nl: "West-Friesland" }, [
    "west friesland",
  ]),
  region("kennemerland", "NL", [52.4, 4.6, 15], { en: "Kennemerland", nl: "Kennemerland" }, [
    "kennemerland",
  ]),
  region("zuid-limburg", "NL", [50.88, 5.85, 20], { en: "South Limburg", nl: "Zuid-Limburg" }, [
    "zuid limburg",
    "south limburg",
  ]),
  region("de-peel", "NL", [51.42, 5.85, 20], { en: "the Peel", nl: "de Peel" }, [
    "peel",
    "de peel",
    "the peel",
  ]),
  region(
    "zeeuws-vlaanderen",
    "NL",
    [51.3, 3.8, 25],
    { en: "Zeelandic Flanders", nl: "Zeeuws-Vlaanderen" },
    ["zeeuws vlaanderen", "zeelandic flanders"],
  ),
  region("kempen", "BE", [51.22, 5.0, 35], { en: "the Campine", nl: "de Kempen" }, [
    "kempen",
    "de kempen",
    "campine",
    "the campine",
  ]),
  region("hageland", "BE", [50.93, 4.92, 20], { en: "the Hageland", nl: "het Hageland" }, [
    "hageland",
    "het hageland",
  ]),
  region(
    "pajottenland",
    "BE",
    [50.8, 4.15, 15],
    { en: "the Pajottenland", nl: "het Pajottenland" },
    ["pajottenland", "het pajottenland"],
  ),
  region(
    "vlaamse-ardennen",
    "BE",
    [50.8, 3.65, 15],
    { en: "the Flemish Ardennes", nl: "de Vlaamse Ardennen" },
    ["vlaamse ardennen", "flemish ardennes"],
  ),
  region("meetjesland", "BE", [51.17, 3.55, 15], { en: "the Meetjesland", nl: "het Meetjesland" }, [
    "meetjesland",
    "het meetjesland",
  ]),
  region("waasland", "BE", [51.17, 4.1, 15], { en: "the Waasland", nl: "het Waasland" }, [
    "waasland",
    "het waasland",
  ]),
];
