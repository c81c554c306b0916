import type { MeadowValues } from "../factories/meadow-form";

/*
 * The demo meadows a fresh embedded database starts with (see ./demo.server.ts), so a newcomer
 * sees a map and a list worth exploring. The towns, their postal codes and the regions' crops are
 * real; the meadows, their names, streets, prices, people and links are made up. Coordinates lie a
 * few kilometres from the town's centre, a few towns close together so the map clusters them.
 * Websites use example.com, phone numbers the unassigned 06-00 (NL) and 0400 (BE) blocks.
 *
 * Each meadow is described in English and in Dutch, and a page shows its visitor's language.
 * Prices and opening hours are the meadow's own words, as a member there would type them: Dutch
 * in the Netherlands and Flanders (‘€ 0,50 per steel’, ‘dagelijks 9.00–18.00 uur’), French in
 * Wallonia (‘0,50 € la tige’, ‘tous les jours de 9 h à 18 h’).
 */

/** What a member would type into the form, with a fixed id, the pin and the day it was added. */
export interface DemoMeadow extends Omit<
  MeadowValues,
  "country" | "website" | "phone" | "instagram"
> {
  /** Fixed, so seeding again finds the meadows it added before. */
  id: string;
  country: "NL" | "BE";
  addressExtra?: string;
  website?: string;
  phone?: string;
  instagram?: string;
  lat: number;
  lng: number;
  /** When it was "added": spread over spring, so sorting by newest has an order. */
  createdAt: string;
}

/** The member the demo meadows belong to: no password, and an address that cannot receive mail. */
export const DEMO_MEMBER = {
  id: "demo-member",
  name: "Plukweide demo",
  email: "demo@plukweide.invalid",
  bio:
    "The demo meadows belong to this example account. Their names, prices and opening hours are " +
    "made up to show how Plukweide works; the towns are real, the meadows are not.\n\n" +
    "De voorbeeldpluktuinen horen bij dit voorbeeldaccount. Namen, prijzen en openingstijden zijn " +
    "verzonnen om te laten zien hoe Plukweide werkt; de plaatsen bestaan, de pluktuinen niet.",
  location: "Nederland & België",
} as const;

export const DEMO_MEADOWS: readonly DemoMeadow[] = [
  {
    id: "demo-001",
    name: "Tulpenpluktuin De Zandhoek",
    description:
      "Rows of tulips in every colour on the sandy soil behind the dunes. Cut as many as you like with the knives at the shed and wrap them in the paper we provide.",
    descriptionNl:
      "Rijen tulpen in alle kleuren op de zandgrond achter de duinen. Snijd er zoveel als je wilt met de mesjes bij de schuur en pak ze in met het papier dat klaarligt.",
    priceText: "€ 0,50 per steel",
    openingHours: "dagelijks 9.00–18.00 uur, van begin april tot half mei",
    street: "Heereweg",
    houseNumber: "214",
    postalCode: "2161 BZ",
    city: "Lisse",
    country: "NL",
    website: "https://example.com/demo/zandhoek",
    instagram: "zandhoek.tulpen.demo",
    lat: 52.2461,
    lng: 4.5412,
    createdAt: "2026-03-02T09:15:00Z",
  },
  {
    id: "demo-002",
    name: "Pluktuin Het Duinpad",
    description:
      "After the bulb season this field fills with dahlias: pompons, cactus dahlias and big dinner-plate flowers. Bring a bucket of water so they stay fresh on the way home.",
    descriptionNl:
      "Na het bollenseizoen staat dit veld vol dahlia's: pompondahlia's, cactusdahlia's en reuzendahlia's. Neem een emmer water mee, dan blijven ze vers op weg naar huis.",
    priceText: "€ 12,50 per bos",
    openingHours: "wo t/m zo 10.00–17.00 uur, half juli tot de eerste nachtvorst",
    street: "Loosterweg",
    houseNumber: "31",
    postalCode: "2161 AK",
    city: "Lisse",
    country: "NL",
    addressExtra: "Ingang naast de kassen",
    lat: 52.2718,
    lng: 4.5736,
    createdAt: "2026-03-05T14:40:00Z",
  },
  {
    id: "demo-003",
    name: "Tulpenveld Het Zwarte Pad",
    description:
      "A small family field between the bulb farms, with early and late tulips so there is something to pick for six weeks. Children can pick their own bunch for free.",
    descriptionNl:
      "Een klein familieveld tussen de bollenbedrijven, met vroege en late tulpen, zodat er zes weken lang iets te plukken valt. Kinderen plukken hun eigen bosje gratis.",
    priceText: "10 tulpen voor € 4",
    openingHours: "dagelijks 9.00–19.00 uur, van april tot half mei",
    street: "Weerlaan",
    houseNumber: "17",
    postalCode: "2181 GH",
    city: "Hillegom",
    country: "NL",
    phone: "+31 6 00 00 00 11",
    lat: 52.3034,
    lng: 4.5702,
    createdAt: "2026-03-11T16:20:00Z",
  },
  {
    id: "demo-004",
    name: "Pluktuin Zeezicht",
    description:
      "Spring bulbs within cycling distance of the beach: daffodils from March, then tulips and a strip of fragrant hyacinths. Combine a walk in the dunes with an armful of flowers.",
    descriptionNl:
      "Voorjaarsbollen op fietsafstand van het strand: narcissen vanaf maart, daarna tulpen en een strook geurige hyacinten. Combineer een duinwandeling met een flinke bos bloemen.",
    priceText: "€ 0,40 per tulp",
    openingHours: "dagelijks 10.00–17.00 uur, maart tot en met mei",
    street: "Gooweg",
    houseNumber: "41",
    postalCode: "2211 XS",
    city: "Noordwijkerhout",
    country: "NL",
    website: "https://example.com/demo/zeezicht",
    lat: 52.2548,
    lng: 4.5108,
    createdAt: "2026-03-14T08:50:00Z",
  },
  {
    id: "demo-005",
    name: "Bollenveld Breezand",
    description:
      "Far fewer visitors than in the south, the same sea of colour. Our field lies along a quiet dyke road; park on the verge and follow the flags.",
    descriptionNl:
      "Het is hier veel rustiger dan in de Bollenstreek, maar het is net zo'n zee van kleur. Ons veld met tulpen ligt aan een rustige dijkweg; parkeer in de berm en volg de vlaggetjes.",
    priceText: "Vrije gift in het geldkistje bij het hek",
    openingHours: "van zonsopkomst tot zonsondergang, half april tot half mei",
    street: "Oostoeverweg",
    houseNumber: "12",
    postalCode: "1764 NK",
    city: "Breezand",
    country: "NL",
    lat: 52.8812,
    lng: 4.7855,
    createdAt: "2026-03-20T13:10:00Z",
  },
  {
    id: "demo-006",
    name: "Polderpluk De Noordoost",
    description:
      "In the Noordoostpolder the tulip fields stretch to the horizon. We keep one of them for picking, with a route along the other fields for a walk afterwards.",
    descriptionNl:
      "In de Noordoostpolder reiken de tulpenvelden tot aan de horizon. Eén veld houden we apart om te plukken, met een wandelroute langs de andere velden voor daarna.",
    priceText: "€ 5,- per bos van 15",
    openingHours: "ma t/m za 9.00–17.30 uur tijdens de bloei (meestal eind april)",
    street: "Espelerweg",
    houseNumber: "22",
    postalCode: "8302 HB",
    city: "Emmeloord",
    country: "NL",
    instagram: "polderpluk.demo",
    lat: 52.7289,
    lng: 5.7112,
    createdAt: "2026-03-23T09:45:00Z",
  },
  {
    id: "demo-007",
    name: "Dahliapluktuin Het Corsoveld",
    description:
      "The village of the dahlia parade grows plenty of dahlias, and these are for picking. More than eighty varieties, labelled, so you can note your favourites for next year.",
    descriptionNl:
      "In het corsodorp groeien dahlia's genoeg, en deze zijn om te plukken. Meer dan tachtig soorten met naambordjes, zodat je je favorieten voor volgend jaar kunt opschrijven.",
    priceText: "€ 1 per steel, 10 stelen voor € 8",
    openingHours: "dagelijks 10.00–18.00 uur, van eind juli tot half oktober",
    street: "Molenstraat",
    houseNumber: "112",
    postalCode: "4881 CK",
    city: "Zundert",
    country: "NL",
    website: "https://example.com/demo/corsoveld",
    phone: "+31 6 00 00 00 12",
    instagram: "corsoveld.dahlias.demo",
    lat: 51.4583,
    lng: 4.6791,
    createdAt: "2026-03-29T10:00:00Z",
  },
  {
    id: "demo-008",
    name: "Zonnebloemenveld De Wetering",
    description:
      "Sunflowers taller than most visitors, in a field by the water. Secateurs are on loan at the stall; pay by QR code or in the box.",
    descriptionNl:
      "Zonnebloemen die boven de meeste bezoekers uittorenen, op een veld aan het water. Snoeischaren kun je lenen bij het kraampje; betalen met een QR-code of in de kist.",
    priceText: "5 zonnebloemen voor € 4",
    openingHours: "dagelijks 9.00–18.00 uur, van juli tot en met september",
    street: "Baardmeesweg",
    houseNumber: "9",
    postalCode: "3891 MN",
    city: "Zeewolde",
    country: "NL",
    lat: 52.3148,
    lng: 5.5703,
    createdAt: "2026-04-01T12:35:00Z",
  },
  {
    id: "demo-009",
    name: "Pluktuin De Kromme Rijn",
    description:
      "A colourful cutting garden along the river, mostly zinnias with cosmos, snapdragons and scabious in between. Pick a jar's worth or a whole bouquet.",
    descriptionNl:
      "Een kleurrijke plukbloementuin langs de rivier, vooral zinnia's met cosmea, leeuwenbekjes en duifkruid ertussen. Pluk genoeg voor een vaasje of een heel boeket.",
    priceText: "€ 0,60 per steel",
    openingHours: "di t/m za 10.00–17.00 uur (juli–oktober)",
    street: "Achterdijk",
    houseNumber: "10",
    postalCode: "3981 HA",
    city: "Bunnik",
    country: "NL",
    instagram: "krommerijn.pluktuin.demo",
    lat: 52.0771,
    lng: 5.2204,
    createdAt: "2026-04-07T14:05:00Z",
  },
  {
    id: "demo-010",
    name: "Aardbeienpluk Het Wulfsehof",
    description:
      "Strawberries grown at table height, so picking is easy on the back and fun for children. Punnets are weighed at the farm shop, which also sells homemade jam.",
    descriptionNl:
      "Aardbeien op tafelhoogte, dus plukken is makkelijk voor je rug en leuk voor kinderen. De bakjes worden gewogen in de boerderijwinkel, waar ook zelfgemaakte jam te koop is.",
    priceText: "€ 4 per kilo",
    openingHours:
      "dagelijks 9.00–17.00 uur, van eind mei tot half juli; bel bij regen even van tevoren",
    street: "Oud Wulfseweg",
    houseNumber: "3",
    postalCode: "3992 LP",
    city: "Houten",
    country: "NL",
    phone: "+31 6 00 00 00 13",
    lat: 52.0149,
    lng: 5.1498,
    createdAt: "2026-04-10T11:50:00Z",
  },
  {
    id: "demo-011",
    name: "Kersenboomgaard De Linge",
    description:
      "Sweet cherries from low trees, picked straight into your basket. The orchard is netted against the birds: close the gate behind you.",
    descriptionNl:
      "Zoete kersen van lage bomen, zo in je mandje geplukt. De boomgaard is afgedekt met netten tegen de vogels: doe het hek achter je dicht.",
    priceText: "€ 6,- per kilo",
    openingHours: "dagelijks 9.00–18.00 uur, eind juni tot eind juli",
    street: "Rijksstraatweg",
    houseNumber: "45",
    postalCode: "4191 SB",
    city: "Geldermalsen",
    country: "NL",
    website: "https://example.com/demo/linge-kersen",
    lat: 51.8907,
    lng: 5.3094,
    createdAt: "2026-04-16T16:45:00Z",
  },
  {
    id: "demo-012",
    name: "Perenpluk Trichtse Hoeve",
    description:
      "Conference and Doyenné du Comice pears from an old orchard at the edge of the village. Ladders are not allowed: the lower branches carry plenty.",
    descriptionNl:
      "Conference- en Doyenné du Comice-peren uit een oude boomgaard aan de rand van het dorp. Ladders zijn niet toegestaan: aan de onderste takken hangen er genoeg.",
    priceText: "€ 2,50 per kilo",
    openingHours: "za en zo 10.00–16.00 uur in september en oktober",
    street: "Achterstraat",
    houseNumber: "14",
    postalCode: "4196 AK",
    city: "Tricht",
    country: "NL",
    lat: 51.8796,
    lng: 5.2503,
    createdAt: "2026-04-19T10:10:00Z",
  },
  {
    id: "demo-013",
    name: "Appelhof Nederbetuwe",
    description:
      "Twelve apple varieties, from early Elstar to late Jonagold, with a board at the entrance saying which rows are ripe. There is a picnic table under the walnut tree.",
    descriptionNl:
      "Twaalf appelrassen, van vroege Elstar tot late Jonagold, met een bord bij de ingang dat aangeeft welke rijen rijp zijn. Onder de walnotenboom staat een picknicktafel.",
    priceText: "€ 1,80 per kilo",
    openingHours: "dagelijks 10.00–17.00 uur, van eind augustus tot en met oktober",
    street: "Spoorstraat",
    houseNumber: "70",
    postalCode: "4041 CL",
    city: "Kesteren",
    country: "NL",
    instagram: "appelhof.nederbetuwe.demo",
    lat: 51.9441,
    lng: 5.5889,
    createdAt: "2026-04-25T09:05:00Z",
  },
  {
    id: "demo-014",
    name: "Pioenrozenpluk De Lek",
    description:
      "Peonies for a few short weeks in early summer: pick them in bud and watch them open at home. Pink, white and deep red, in a field behind the river dyke.",
    descriptionNl:
      "Pioenrozen, een paar korte weken in de vroege zomer: pluk ze in knop en zie ze thuis opengaan. Roze, wit en dieprood, op een veld achter de rivierdijk.",
    priceText: "€ 2 per steel",
    openingHours: "dagelijks 9.00–17.00 uur, van eind mei tot eind juni",
    street: "Goilberdingerdijk",
    houseNumber: "20",
    postalCode: "4101 KT",
    city: "Culemborg",
    country: "NL",
    phone: "+31 6 00 00 00 14",
    lat: 51.9682,
    lng: 5.2056,
    createdAt: "2026-04-28T15:40:00Z",
  },
  {
    id: "demo-015",
    name: "Bessenhoeve De Peel",
    description:
      "Blueberries on the former peat lands: tall bushes, sweet berries and a shady path between the rows. Bring your own containers or buy a punnet at the gate.",
    descriptionNl:
      "Blauwe bessen op de oude veengrond: hoge struiken, zoete bessen en een schaduwrijk pad tussen de rijen. Neem je eigen bakjes mee of koop er een bij het hek.",
    priceText: "€ 7,50 per kilo",
    openingHours: "dagelijks 8.30–18.00 uur, juli en augustus",
    street: "Steegstraat",
    houseNumber: "21",
    postalCode: "5975 RA",
    city: "Sevenum",
    country: "NL",
    website: "https://example.com/demo/bessenhoeve",
    lat: 51.4006,
    lng: 6.0618,
    createdAt: "2026-05-04T14:20:00Z",
  },
  {
    id: "demo-016",
    name: "Kersenboomgaard 't Heuvelland",
    description:
      "High-stem cherry trees on a south-facing slope with a view over the hills of South Limburg. We lend out baskets and picking hooks; the walk back up is part of the fun.",
    descriptionNl:
      "Hoogstamkersenbomen op een zuidhelling met uitzicht over het Zuid-Limburgse heuvelland. Mandjes en plukhaken kun je lenen; de klim terug hoort erbij.",
    priceText: "€ 5 per kilo",
    openingHours: "vr t/m zo 10.00–17.00 uur, begin juli tot begin augustus",
    street: "Dorpsstraat",
    houseNumber: "12",
    postalCode: "6261 NJ",
    city: "Mheer",
    country: "NL",
    lat: 50.7721,
    lng: 5.7744,
    createdAt: "2026-05-07T10:30:00Z",
  },
  {
    id: "demo-017",
    name: "Lavendelveld Geuldal",
    description:
      "A purple hillside full of bees in high summer. Cut a bunch of lavender to dry at home; the scent stays in your car for days.",
    descriptionNl:
      "Een paarse heuvel vol bijen in de hoogzomer. Knip een bos lavendel om thuis te drogen; de geur blijft dagenlang in je auto hangen.",
    priceText: "€ 7,50 per bos",
    openingHours: "dagelijks 10.00–18.00 uur, van eind juni tot half augustus",
    street: "Strucht",
    houseNumber: "8",
    postalCode: "6305 EA",
    city: "Schin op Geul",
    country: "NL",
    instagram: "geuldal.lavendel.demo",
    lat: 50.8614,
    lng: 5.8897,
    createdAt: "2026-05-13T09:35:00Z",
  },
  {
    id: "demo-018",
    name: "Pluktuin De Brink",
    description:
      "An old farm garden near the heath with peonies in June and a cutting border of summer flowers after that. Coffee and apple pie in the barn on weekends.",
    descriptionNl:
      "Een oude boerentuin vlak bij de heide, met pioenrozen in juni en daarna een border vol zomerbloemen. In het weekend koffie en appeltaart in de schuur.",
    priceText: "Pioenen € 1,75 per stuk, zomerbloemen € 0,50 per steel",
    openingHours: "wo t/m zo 11.00–17.00 uur, juni t/m september",
    street: "Oosterstraat",
    houseNumber: "3",
    postalCode: "7963 AC",
    city: "Ruinen",
    country: "NL",
    lat: 52.7702,
    lng: 6.3318,
    createdAt: "2026-05-16T16:00:00Z",
  },
  {
    id: "demo-019",
    name: "Bessenhof Zuidlaardermeer",
    description:
      "Blueberries and a few rows of redcurrants near the lake. After picking, rent a canoe at the harbour or cycle the round of the lake.",
    descriptionNl:
      "Blauwe bessen en een paar rijen rode bessen vlak bij het meer. Huur na het plukken een kano in de haven of fiets een rondje om het meer.",
    priceText: "€ 8 per kilo",
    openingHours: "dagelijks 9.00–17.00 uur in juli en augustus",
    street: "Laarweg",
    houseNumber: "14",
    postalCode: "9471 PD",
    city: "Zuidlaren",
    country: "NL",
    phone: "+31 6 00 00 00 15",
    lat: 53.1055,
    lng: 6.7021,
    createdAt: "2026-05-22T08:40:00Z",
  },
  {
    id: "demo-020",
    name: "Zonnebloemen Het Reitdiep",
    description:
      "A sunflower field on the wide clay of Groningen, with a maze mown through it for children. Honesty box by the gate, knives in the blue crate.",
    descriptionNl:
      "Een zonnebloemenveld op de wijde Groninger klei, met een doolhof erdoorheen gemaaid voor kinderen. Betalen in het kistje bij het hek, mesjes in de blauwe krat.",
    priceText: "€ 1 per zonnebloem",
    openingHours: "dagelijks van zonsopkomst tot zonsondergang, half juli tot half september",
    street: "Obergumerweg",
    houseNumber: "18",
    postalCode: "9951 TH",
    city: "Winsum",
    country: "NL",
    lat: 53.3368,
    lng: 6.5437,
    createdAt: "2026-05-25T13:30:00Z",
  },
  {
    id: "demo-021",
    name: "Pompoenhoeve De Kortezwaag",
    description:
      "Pumpkins and squashes in every shape, to pick from the field with a wheelbarrow. Recipes on the wall of the barn; carving pumpkins from mid-October.",
    descriptionNl:
      "Pompoenen en kalebassen in alle vormen, met een kruiwagen van het veld te halen. Recepten aan de muur van de schuur; pompoenen om uit te hollen vanaf half oktober.",
    priceText: "Klein € 2, groot € 5",
    openingHours: "za 10.00–16.00 uur, van september tot Halloween",
    street: "Kortezwaag",
    houseNumber: "19",
    postalCode: "8401 GR",
    city: "Gorredijk",
    country: "NL",
    website: "https://example.com/demo/kortezwaag",
    lat: 52.9948,
    lng: 6.0812,
    createdAt: "2026-05-31T15:05:00Z",
  },
  {
    id: "demo-022",
    name: "Dahliatún Bolsward",
    description:
      "A Frisian dahlia garden (tún means garden) with long rows of dahlias and a bench to enjoy them. Cut with care: new buds follow until the first frost.",
    descriptionNl:
      "Een Friese dahliatuin (tún betekent tuin) met lange rijen dahlia's en een bankje om ervan te genieten. Knip voorzichtig: er volgen nieuwe knoppen tot de eerste vorst.",
    priceText: "€ 0,75 per steel",
    openingHours: "do t/m za 13.00–18.00 uur, augustus tot oktober",
    street: "Hichtumerweg",
    houseNumber: "5",
    postalCode: "8701 PC",
    city: "Bolsward",
    country: "NL",
    instagram: "dahliatun.demo",
    lat: 53.0732,
    lng: 5.5116,
    createdAt: "2026-06-03T09:55:00Z",
  },
  {
    id: "demo-023",
    name: "Lavendelhoeve De Vecht",
    description:
      "Lavender on the sandy banks of the Vecht, with a small shop selling lavender honey and soap. Cut your own bunch from the two rows marked for picking.",
    descriptionNl:
      "Lavendel op de zandgronden langs de Vecht, met een winkeltje met lavendelhoning en zeep. Knip je eigen bos uit de twee rijen die voor plukken zijn gemarkeerd.",
    priceText: "€ 6 per bos",
    openingHours: "dagelijks 10.00–17.00 uur, juli tot half augustus",
    street: "Hessenweg",
    houseNumber: "10",
    postalCode: "7731 RJ",
    city: "Ommen",
    country: "NL",
    lat: 52.5311,
    lng: 6.4438,
    createdAt: "2026-06-09T14:35:00Z",
  },
  {
    id: "demo-024",
    name: "Pompoenpluk 't Sallandse Erf",
    description:
      "A pumpkin patch next to the farmyard, with ornamental gourds for the table and big orange pumpkins for carving. Hot soup on Saturdays.",
    descriptionNl:
      "Een pompoenenveld naast het erf, met sierkalebassen voor op tafel en grote oranje pompoenen om uit te hollen. Op zaterdag warme soep.",
    priceText: "Vanaf € 1,50 per stuk",
    openingHours: "vr en za 10.00–17.00 uur, half september tot begin november",
    street: "Zwolseweg",
    houseNumber: "55",
    postalCode: "8102 PR",
    city: "Raalte",
    country: "NL",
    phone: "+31 6 00 00 00 16",
    lat: 52.3727,
    lng: 6.2986,
    createdAt: "2026-06-12T10:20:00Z",
  },
  {
    id: "demo-025",
    name: "Fruitpluk De Zeeuwse Gaarde",
    description:
      "Apples and pears from the orchards of Zuid-Beveland, where the sea air makes them crisp. Pick your own or take a bag from the self-service fridge.",
    descriptionNl:
      "Appels en peren uit de boomgaarden van Zuid-Beveland, waar de zeewind ze knapperig maakt. Pluk zelf of neem een zak mee uit de zelfbedieningskoelkast.",
    priceText: "Vrije gift in de melkbus bij het hek",
    openingHours: "dagelijks 9.00–18.00 uur, van september tot eind oktober",
    street: "Stationsweg",
    houseNumber: "30",
    postalCode: "4421 AD",
    city: "Kapelle",
    country: "NL",
    lat: 51.4961,
    lng: 3.9791,
    createdAt: "2026-06-18T09:10:00Z",
  },
  {
    id: "demo-026",
    name: "Bloemenpluk Het Schouwse Veld",
    description:
      "Zinnias, sunflowers and everlasting flowers just outside the old harbour town. A popular stop for cyclists: the picking field is right on the route.",
    descriptionNl:
      "Zinnia's, zonnebloemen en strobloemen net buiten het oude havenstadje. Fietsers stappen hier graag even af: het plukveld ligt precies aan hun route.",
    priceText: "€ 10,- per emmertje",
    openingHours: "dagelijks 10.00–18.00 uur, van juli tot begin oktober",
    street: "Grachtweg",
    houseNumber: "44",
    postalCode: "4301 RR",
    city: "Zierikzee",
    country: "NL",
    instagram: "schouwseveld.demo",
    lat: 51.6427,
    lng: 3.9421,
    createdAt: "2026-06-21T11:40:00Z",
  },
  {
    id: "demo-027",
    name: "Zelfpluk De Zuiderzeedijk",
    description:
      "Strawberries in June, then raspberries, on a farm along the old Zuiderzee dyke. Wash your hands at the tap by the entrance before you start picking.",
    descriptionNl:
      "Aardbeien in juni en daarna frambozen, op een boerderij langs de oude Zuiderzeedijk. Was je handen bij de kraan bij de ingang voordat je begint met plukken.",
    priceText: "€ 4,50 per bakje van 500 gram",
    openingHours: "ma t/m za 9.00–17.00 uur, juni tot half augustus",
    street: "Westerdijk",
    houseNumber: "40",
    postalCode: "1601 LD",
    city: "Enkhuizen",
    country: "NL",
    lat: 52.6942,
    lng: 5.2613,
    createdAt: "2026-06-27T10:05:00Z",
  },
  {
    id: "demo-028",
    name: "Aardbeienhof De Mark",
    description:
      "This region is famous for its strawberries, and here you pick them yourself from long open-field rows. Children under ten pick for free when they eat what they pick.",
    descriptionNl:
      "Deze streek is beroemd om haar aardbeien, en hier pluk je ze zelf uit lange rijen in de volle grond. Kinderen onder de tien plukken gratis als ze opeten wat ze plukken.",
    priceText: "€ 5 per kilo",
    openingHours: "dagelijks 9.00–18.00 uur, van half mei tot eind juli",
    street: "Gelmelstraat",
    houseNumber: "40",
    postalCode: "2320",
    city: "Hoogstraten",
    country: "BE",
    website: "https://example.com/demo/demark",
    phone: "+32 400 00 00 21",
    lat: 51.4121,
    lng: 4.7408,
    createdAt: "2026-03-08T10:05:00Z",
  },
  {
    id: "demo-029",
    name: "Bessenhoeve Het Ven",
    description:
      "Blueberries among the pines of the Campine, picked in the cool of the morning. The farm dog will walk you to the rows.",
    descriptionNl:
      "Blauwe bessen tussen de dennen van de Kempen, geplukt in de koelte van de ochtend. De boerderijhond loopt met je mee naar de rijen.",
    priceText: "€ 9 per kilo",
    openingHours: "dagelijks 8.00–13.00 uur, juli tot half augustus",
    street: "Bochtenstraat",
    houseNumber: "11",
    postalCode: "2310",
    city: "Rijkevorsel",
    country: "BE",
    lat: 51.3573,
    lng: 4.7832,
    createdAt: "2026-03-17T11:30:00Z",
  },
  {
    id: "demo-030",
    name: "Kersenpluk Haspengouw",
    description:
      "Cherry picking in the heart of Haspengouw, the fruit garden of Flanders. In spring the orchard blossoms white; in July the low trees hang full of dark sweet cherries.",
    descriptionNl:
      "Kersen plukken in het hart van Haspengouw, de fruittuin van Vlaanderen. In de lente bloeit de boomgaard wit; in juli hangen de lage bomen vol donkere zoete kersen.",
    priceText: "€ 6,50 per kilo",
    openingHours: "wo t/m zo 10.00–18.00 uur, eind juni tot eind juli",
    street: "Luikersteenweg",
    houseNumber: "210",
    postalCode: "3800",
    city: "Sint-Truiden",
    country: "BE",
    instagram: "haspengouw.kersen.demo",
    lat: 50.8042,
    lng: 5.2091,
    createdAt: "2026-03-26T15:25:00Z",
  },
  {
    id: "demo-031",
    name: "Fruithof Het Loonse Land",
    description:
      "Apples and pears from half-standard trees on the rolling hills around the town. The tasting table at the entrance helps you choose a variety.",
    descriptionNl:
      "Appels en peren van halfstambomen op de glooiende heuvels rond het stadje. Aan de proeftafel bij de ingang kies je gemakkelijk je favoriete ras.",
    priceText: "€ 2 per kilo",
    openingHours: "dagelijks 10.00–17.00 uur, van eind augustus tot eind oktober",
    street: "Kasteelstraat",
    houseNumber: "14",
    postalCode: "3840",
    city: "Borgloon",
    country: "BE",
    lat: 50.8147,
    lng: 5.3619,
    createdAt: "2026-04-04T09:20:00Z",
  },
  {
    id: "demo-032",
    name: "Lavendelveld De Kempen",
    description:
      "On the dry sandy soil of the Campine lavender feels at home. Cut a bunch, then walk the heath trail that starts at the car park.",
    descriptionNl:
      "Op de droge Kempense zandgrond voelt lavendel zich thuis. Knip een bos en wandel daarna het heidepad dat bij de parking begint.",
    priceText: "Prijs per bos op het bord bij de ingang",
    openingHours: "za en zo 10.00–18.00 uur, eind juni tot half augustus",
    street: "Kerkhovensesteenweg",
    houseNumber: "200",
    postalCode: "3920",
    city: "Lommel",
    country: "BE",
    lat: 51.2189,
    lng: 5.2902,
    createdAt: "2026-04-13T08:30:00Z",
  },
  {
    id: "demo-033",
    name: "Bloemenpluktuin De Moervaart",
    description:
      "In a town known for its flower growers, a picking garden full of dahlias, gladioli and asters. Staff are happy to help you put together a bouquet.",
    descriptionNl:
      "In een gemeente die bekendstaat om haar bloemenkwekers ligt deze pluktuin vol dahlia's, gladiolen en asters. Wie hulp wil bij het samenstellen van een boeket, kan het vragen.",
    priceText: "€ 0,80 per steel",
    openingHours: "dagelijks 9.00–19.00 uur, van augustus tot half oktober",
    street: "Dorp-Oost",
    houseNumber: "60",
    postalCode: "9080",
    city: "Lochristi",
    country: "BE",
    phone: "+32 400 00 00 22",
    lat: 51.1052,
    lng: 3.8516,
    createdAt: "2026-04-22T13:55:00Z",
  },
  {
    id: "demo-034",
    name: "Zonnebloemenveld Damse Vaart",
    description:
      "A sunflower field along the poplar-lined canal between Bruges and Damme. Cycle here, pick a few, and carry them home in the bike bags we lend out.",
    descriptionNl:
      "Een zonnebloemenveld langs de met populieren omzoomde vaart tussen Brugge en Damme. Fiets erheen, pluk er een paar en neem ze mee in de fietstassen die we uitlenen.",
    priceText: "€ 1,50 per bloem",
    openingHours: "dagelijks 10.00–18.00 uur, juli tot half september",
    street: "Damse Vaart-Zuid",
    houseNumber: "18",
    postalCode: "8340",
    city: "Damme",
    country: "BE",
    lat: 51.2433,
    lng: 3.3027,
    createdAt: "2026-05-01T11:15:00Z",
  },
  {
    id: "demo-035",
    name: "Pompoenhoeve Het Hoppeland",
    description:
      "In hop country, autumn means pumpkins: more than thirty varieties on a field behind the hop poles. Soup recipes free with every pumpkin.",
    descriptionNl:
      "In het hoppeland betekent de herfst pompoenen: meer dan dertig soorten op een veld achter de hopstaken. Bij elke pompoen krijg je gratis een soeprecept.",
    priceText: "€ 2 per kilo, sierkalebassen vanaf € 1",
    openingHours: "dagelijks 10.00–18.00 uur, van half september tot half november",
    street: "Abeelseweg",
    houseNumber: "44",
    postalCode: "8970",
    city: "Poperinge",
    country: "BE",
    website: "https://example.com/demo/hoppeland",
    lat: 50.8647,
    lng: 2.7039,
    createdAt: "2026-05-10T12:45:00Z",
  },
  {
    id: "demo-036",
    name: "Zinniaveld Hoegaarden",
    description:
      "Bright zinnias in every colour of a paint box, in a field at the edge of the village. Combine your visit with a walk through the valley of the Gete.",
    descriptionNl:
      "Felle zinnia's in alle kleuren van een verfdoos, op een veld aan de rand van het dorp. Combineer je bezoek met een wandeling door de Getevallei.",
    priceText: "Vrijwillige bijdrage",
    openingHours: "wo t/m zo 10.00–18.00 uur (juli–september)",
    street: "Stoopkensstraat",
    houseNumber: "21",
    postalCode: "3320",
    city: "Hoegaarden",
    country: "BE",
    instagram: "zinniaveld.demo",
    lat: 50.7838,
    lng: 4.9112,
    createdAt: "2026-05-19T11:25:00Z",
  },
  {
    id: "demo-037",
    name: "Verger du Plateau de Herve",
    description:
      "High-stem orchards in the green pastures of the Pays de Herve, with old Walloon apple and pear varieties. The farm also sells its syrup and cheese.",
    descriptionNl:
      "Hoogstamboomgaarden tussen de groene weiden van het Land van Herve, met oude Waalse appel- en perenrassen. Op de boerderij zijn ook stroop en kaas te koop.",
    priceText: "2 € le kilo",
    openingHours: "tous les jours de 10 h à 17 h, de septembre à octobre",
    street: "Rue de Battice",
    houseNumber: "12",
    postalCode: "4650",
    city: "Herve",
    country: "BE",
    lat: 50.6512,
    lng: 5.8143,
    createdAt: "2026-05-28T10:50:00Z",
  },
  {
    id: "demo-038",
    name: "Champ de tournesols Les Hayettes",
    description:
      "A wide sunflower field on the loam of Hesbaye, with a view to the horizon. Bring sturdy shoes and something to cut the thick stems with.",
    descriptionNl:
      "Een groot zonnebloemenveld op de leemgrond van Haspengouw, met uitzicht tot aan de horizon. Trek stevige schoenen aan en neem iets mee om de dikke stengels door te knippen.",
    priceText: "1 € le tournesol",
    openingHours: "tous les jours de 9 h à 19 h, de mi-juillet à mi-septembre",
    street: "Chaussée de Namur",
    houseNumber: "120",
    postalCode: "5030",
    city: "Gembloux",
    country: "BE",
    lat: 50.5731,
    lng: 4.6804,
    createdAt: "2026-06-06T12:15:00Z",
  },
  {
    id: "demo-039",
    name: "Jardin de cueillette Le Pré Fleuri",
    description:
      "Tulips in spring and a cutting garden of summer flowers afterwards, on a farm at the edge of Walloon Brabant. Paper and string are ready at the barn door.",
    descriptionNl:
      "Tulpen in de lente en daarna een pluktuin met zomerbloemen, op een boerderij aan de rand van Waals-Brabant. Papier en touw liggen klaar bij de schuurdeur.",
    priceText: "0,50 € la tulipe",
    openingHours: "tous les jours de 10 h à 18 h, d’avril à septembre",
    street: "Chaussée de Tirlemont",
    houseNumber: "95",
    postalCode: "1370",
    city: "Jodoigne",
    country: "BE",
    phone: "+32 400 00 00 23",
    lat: 50.7342,
    lng: 4.8627,
    createdAt: "2026-06-15T13:45:00Z",
  },
  {
    id: "demo-040",
    name: "Potirons de l'Ourthe",
    description:
      "Pumpkins and squashes in the Ourthe valley, a short walk from the smallest town in the world, as Durbuy calls itself. Wheelbarrows at the gate.",
    descriptionNl:
      "Pompoenen en kalebassen in het dal van de Ourthe, op loopafstand van het kleinste stadje ter wereld, zoals Durbuy zichzelf noemt. Kruiwagens staan bij het hek.",
    priceText: "3 € le potiron",
    openingHours: "le week-end de 10 h à 17 h, de fin septembre à début novembre",
    street: "Route de Barvaux",
    houseNumber: "15",
    postalCode: "6940",
    city: "Durbuy",
    country: "BE",
    website: "https://example.com/demo/ourthe",
    lat: 50.3431,
    lng: 5.4398,
    createdAt: "2026-06-24T15:30:00Z",
  },
  {
    id: "demo-041",
    name: "Fraises à cueillir La Houppe",
    description:
      "Strawberries grown under tunnels, so picking goes on in the rain too. Just outside the city, with a farm shop selling fresh juice and eggs.",
    descriptionNl:
      "Aardbeien onder tunnels, dus plukken kan ook als het regent. Net buiten de stad, met een hoevewinkel waar vers sap en eieren te koop zijn.",
    priceText: "4,80 € le kilo",
    openingHours: "du lundi au samedi de 9 h à 18 h, de mai à septembre",
    street: "Chaussée de Lille",
    houseNumber: "400",
    postalCode: "7500",
    city: "Tournai",
    country: "BE",
    lat: 50.5948,
    lng: 3.3672,
    createdAt: "2026-06-30T12:55:00Z",
  },
  {
    id: "demo-042",
    name: "Jardin des Pivoines de la Dyle",
    description:
      "Peonies in June, dahlias from August, near the source of the Dyle. A quiet garden with a bench under the lime tree and a view over the fields.",
    descriptionNl:
      "Pioenrozen in juni en dahlia's vanaf augustus, vlak bij de bron van de Dijle. Een rustige tuin met een bankje onder de linde en uitzicht over de velden.",
    priceText: "1,50 € la tige",
    openingHours: "du mercredi au dimanche de 10 h à 18 h, de juin à octobre",
    street: "Rue de Ways",
    houseNumber: "2",
    postalCode: "1470",
    city: "Genappe",
    country: "BE",
    instagram: "pivoines.dyle.demo",
    lat: 50.6203,
    lng: 4.4311,
    createdAt: "2026-07-03T09:25:00Z",
  },
  {
    id: "demo-043",
    name: "Wintertuin Het Hulstbos",
    description:
      "A nursery garden that opens when the others close: kale and Brussels sprouts to pick from the stalk after the first frost, holly with berries for the front door, and Christmas roses from the cold frames. Hot pea soup in the barn.",
    descriptionNl:
      "Een kwekerstuin die opengaat als de andere sluiten: boerenkool en spruitjes zelf van de stronk plukken na de eerste vorst, hulst met bessen voor de voordeur en kerstrozen uit de bakken. Warme erwtensoep in de schuur.",
    priceText: "boerenkool € 1,50 per plant, hulst € 3 per bos",
    openingHours: "vrijdag en zaterdag 10.00–16.00 uur, van half november tot eind februari",
    street: "Laag Boskoop",
    houseNumber: "88",
    postalCode: "2771 GX",
    city: "Boskoop",
    country: "NL",
    website: "https://example.com/demo/hulstbos",
    phone: "+31 6 00 00 00 17",
    lat: 52.0846,
    lng: 4.6712,
    createdAt: "2026-10-27T10:05:00Z",
  },
];
