export const COLOUR_MODES = ["light", "dark", "system"] as const;
export type ColourMode = (typeof COLOUR_MODES)[number];

export function isColourMode(value: unknown): value is ColourMode {
  return typeof value === "string" && (COLOUR_MODES as readonly string[]).includes(value);
}

/** The switch cycles light → dark → system → light. */
export function nextColourMode(mode: ColourMode): ColourMode {
  return COLOUR_MODES[(COLOUR_MODES.indexOf(mode) + 1) % COLOUR_MODES.length] ?? "system";
}
