import { isLanguage, type Language } from "~/lib/i18n";
import { z } from "./zod";

/*
 * The search boxes' suggestions (`/resources/suggestions?q=…&lang=…`), the wire format: the
 * server builds it (app/services/meadows/suggestions.server.ts) and the box checks it before
 * showing it, so a broken answer shows no suggestions rather than failing in the box.
 */

/** Shorter text begins too many names to suggest one: the box does not ask, the server answers none. */
export const SUGGESTIONS_MIN_LENGTH = 2;

export const suggestionSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("place"),
    name: z.string(),
    country: z.string(),
    /** A region people name (de Betuwe, Haspengouw) rather than a town. */
    region: z.boolean(),
    /** The text before the words the place completes ("tulips "), kept as typed. */
    before: z.string(),
  }),
  z.object({
    kind: z.literal("crop"),
    id: z.string(),
    before: z.string(),
  }),
  z.object({
    kind: z.literal("meadow"),
    id: z.string(),
    name: z.string(),
    city: z.string(),
  }),
]);

export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestionsAnswerSchema = z.object({ suggestions: z.array(suggestionSchema) });
export type SuggestionsAnswer = z.infer<typeof suggestionsAnswerSchema>;

/** The language of the suggestions' address: absent is English; anything else is refused. */
export function suggestionsLanguage(value: string | null): Language | undefined {
  if (value === null || value === "") return "en";
  return isLanguage(value) ? value : undefined;
}
