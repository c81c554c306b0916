import { redirect } from "react-router";
import { z } from "zod";
import { appContext } from "~/context";
import { serializeLanguageCookie } from "~/cookies.server";
import { LANGUAGES } from "~/lib/i18n";
import { safeRedirectInLanguage } from "~/lib/redirect-path";
import type { Route } from "./+types/locale";
import { readForm } from "~/lib/read-form.server";

const schema = z.object({ lang: z.enum(LANGUAGES), redirectTo: z.string().optional() });

/** The language switch: remembers the choice for a year and shows the same page in it. */
export async function action({ request, context }: Route.ActionArgs) {
  const { config } = context.get(appContext);
  const parsed = schema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw new Response("Unknown language", { status: 400 });
  return redirect(safeRedirectInLanguage(parsed.data.redirectTo, parsed.data.lang), {
    headers: { "Set-Cookie": await serializeLanguageCookie(parsed.data.lang, config) },
  });
}
