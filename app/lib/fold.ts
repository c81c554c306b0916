/**
 * Lowercase ASCII words separated by single spaces: accents, apostrophes, hyphens and case do not
 * matter ("'s-Hertogenbosch" → "s hertogenbosch", "Köln" → "koln"). The gazetteer's keys are
 * written this way (scripts/build-geocoder-data.ts).
 */
export function foldName(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/æ/g, "ae")
    .replace(/œ/g, "oe")
    .replace(/ø/g, "o")
    .replace(/ł/g, "l")
    .replace(/đ/g, "d")
    .replace(/ı/g, "i")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * Text as the search compares words: foldName, with a possessive or Dutch plural apostrophe
 * closed up first ("Dahlia's" → "dahlias", "Suikermaïs" → "suikermais").
 */
export function foldWords(value: string): string {
  return foldName(value.replace(/(\p{L})['’`´]s\b/gu, "$1s"));
}
