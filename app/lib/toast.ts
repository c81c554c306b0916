import { z } from "./schemas/zod";

/**
 * A toast a server action asks the next page to show. The text is a catalogue key, so the
 * message appears in the language of the page that shows it.
 */
export const toastMessageSchema = z.object({
  type: z.enum(["success", "error", "info"]),
  key: z.string().regex(/^[a-zA-Z]+\.[a-zA-Z]+$/),
});

export type ToastMessage = z.infer<typeof toastMessageSchema>;

export function parseToast(value: unknown): ToastMessage | undefined {
  const result = toastMessageSchema.safeParse(value);
  return result.success ? result.data : undefined;
}
