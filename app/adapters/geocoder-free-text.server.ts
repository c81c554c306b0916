import { normaliseName, OFFLINE_COUNTRIES, type OfflineCountry } from "./geocoder-gazetteer.server";

/*
 * Reading a free-text search ("2161 AB Lisse", "Gent, België"): the country it names at its end,
 * and the postal codes inside it.
 */

/** Postal codes inside free text, per country; the first capture group is the code. */
export const POSTAL_IN_TEXT: Record<OfflineCountry, RegExp> = {
  NL: /(?:^|[^\p{L}\d])(\d{4}(?:\s?[A-Z]{2})?)(?![\p{L}\d])/iu,
  BE: /(?:^|[^\p{L}\d])(\d{4})(?![\p{L}\d])/u,
  DE: /(?:^|[^\p{L}\d])(\d{5})(?![\p{L}\d])/u,
  FR: /(?:^|[^\p{L}\d])(\d{5})(?![\p{L}\d])/u,
  GB: /(?:^|[^\p{L}\d])([A-Z]{1,2}\d[A-Z\d]?(?:\s*\d[A-Z]{2})?)(?![\p{L}\d])/iu,
  LU: /(?:^|[^\p{L}\d])((?:L-)?\d{4})(?![\p{L}\d])/u,
  AT: /(?:^|[^\p{L}\d])(\d{4})(?![\p{L}\d])/u,
  CH: /(?:^|[^\p{L}\d])(\d{4})(?![\p{L}\d])/u,
  DK: /(?:^|[^\p{L}\d])(\d{4})(?![\p{L}\d])/u,
};

export const POSTAL_ANYWHERE = Object.fromEntries(
  OFFLINE_COUNTRIES.map((country) => [country, new RegExp(POSTAL_IN_TEXT[country].source, "giu")]),
) as Record<OfflineCountry, RegExp>;

/** Country names a free-text search may end with, in the languages our visitors write. */
const COUNTRY_ALIASES = new Map<string, OfflineCountry>(
  (
    [
      ["NL", ["nl", "netherlands", "the netherlands", "nederland", "holland", "niederlande"]],
      ["NL", ["pays bas"]],
      ["BE", ["be", "belgium", "belgie", "belgique", "belgien", "belgio"]],
      ["DE", ["de", "germany", "deutschland", "duitsland", "allemagne"]],
      ["FR", ["fr", "france", "frankrijk", "frankreich"]],
      [
        "GB",
        [
          "gb",
          "uk",
          "united kingdom",
          "great britain",
          "britain",
          "england",
          "scotland",
          "wales",
          "northern ireland",
          "verenigd koninkrijk",
          "groot brittannie",
          "engeland",
          "schotland",
          "royaume uni",
          "vereinigtes konigreich",
        ],
      ],
      ["LU", ["lu", "luxembourg", "luxemburg", "letzebuerg"]],
      ["AT", ["at", "austria", "osterreich", "oesterreich", "oostenrijk", "autriche"]],
      ["CH", ["ch", "switzerland", "schweiz", "zwitserland", "suisse", "svizzera"]],
      ["DK", ["dk", "denmark", "danmark", "denemarken", "danemark"]],
    ] as const
  ).flatMap(([country, names]) => names.map((name) => [name, country] as const)),
);

interface ParsedText {
  parts: string[];
  country: OfflineCountry | undefined;
}

/** Splits "Gent, België" into its parts and a country named at the end, if any. */
export function parseFreeText(text: string): ParsedText {
  const parts = text
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
  let country: OfflineCountry | undefined;
  const last = parts.at(-1);
  if (last !== undefined) {
    const named = COUNTRY_ALIASES.get(normaliseName(last));
    if (named && parts.length > 1) {
      country = named;
      parts.pop();
    } else {
      // "Gent België": a country as the last word or words of the last part.
      const words = last.split(/\s+/);
      for (let take = Math.min(3, words.length - 1); take >= 1; take--) {
        const tail = COUNTRY_ALIASES.get(normaliseName(words.slice(-take).join(" ")));
        // Two-letter codes only count after a comma: "Den Haag" is not Germany.
        if (tail && normaliseName(words.slice(-take).join(" ")).length > 2) {
          country = tail;
          parts[parts.length - 1] = words.slice(0, -take).join(" ");
          break;
        }
      }
    }
  }
  return { parts: parts.filter((part) => part.trim() !== ""), country };
}
