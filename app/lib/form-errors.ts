/**
 * A form's error is a key of the catalogues, so the schema that finds it (in the browser and on
 * the server) need not know the page's language. A message that names a value carries it after
 * the key as a query string does: "validation.textTooLong?max=200".
 */
export function formError(key: string, values: Record<string, string | number>): string {
  const query = new URLSearchParams(
    Object.entries(values).map(([name, value]) => [name, String(value)]),
  );
  return `${key}?${query}`;
}

/** The key of a form error and the values its message takes. */
export function readFormError(error: string): { key: string; values: Record<string, string> } {
  const at = error.indexOf("?");
  if (at === -1) return { key: error, values: {} };
  return {
    key: error.slice(0, at),
    values: Object.fromEntries(new URLSearchParams(error.slice(at + 1))),
  };
}

/** "This text can be at most 200 characters". */
export const textTooLong = (max: number) => formError("validation.textTooLong", { max });
