/**
 * `value` safe inside HTML or XML text and quoted attributes. The apostrophe as `&#39;`, which
 * HTML 4 (older mail clients) and XML both read; `&apos;` is XML's and HTML 5's only.
 */
export function escapeMarkup(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}
