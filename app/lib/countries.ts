/*
 * The countries a meadow can be in. Apart from the form's schema (app/lib/schemas/meadow.ts),
 * which brings the opening-hours library with it: pages that only list countries stay light.
 */

/** Countries a meadow can be in (ISO 3166-1 alpha-2); the form lists them by localized name. */
export const COUNTRIES = ["AT", "BE", "CH", "DE", "DK", "FR", "GB", "LU", "NL"] as const;
export type Country = (typeof COUNTRIES)[number];

export function isCountry(value: string): value is Country {
  return (COUNTRIES as readonly string[]).includes(value);
}
