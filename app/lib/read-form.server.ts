/**
 * The request's form, with every NUL taken out of its names and text values. No database text
 * may hold a NUL: a field that sent one (no keyboard types it, an attacker can) would fail the
 * statement that stores or looks it up, a 500 instead of an answer. Files stay as they are.
 */
export async function readForm(request: Request): Promise<FormData> {
  const sent = await request.formData();
  const form = new FormData();
  for (const [name, value] of sent) {
    form.append(
      name.replaceAll("\0", ""),
      typeof value === "string" ? value.replaceAll("\0", "") : value,
    );
  }
  return form;
}
