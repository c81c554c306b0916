/**
 * The request's form, with every NUL taken out of its names and text values. No database text
 * may hold a NUL: a field that sent one (no keyboard types it, an attacker can) would fail the
 * statement that stores or looks it up, a 500 instead of an answer. Files stay as they are.
 */
export async function readForm(request: Request): Promise<FormData> {
  let sent: FormData;
  try {
    sent = await request.formData();
  } catch {
    // Not a form: another type (415), or a form's type over a body that is none, such as a
    // multipart body without its boundary (400). No page of the app sends either; whoever does
    // gets the error page of a request not understood, not a server error.
    throw new Response(null, { status: isFormType(request) ? 400 : 415 });
  }
  const form = new FormData();
  for (const [name, value] of sent) {
    form.append(
      name.replaceAll("\0", ""),
      typeof value === "string" ? value.replaceAll("\0", "") : value,
    );
  }
  return form;
}

function isFormType(request: Request): boolean {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  return type === "multipart/form-data" || type === "application/x-www-form-urlencoded";
}
