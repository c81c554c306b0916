import { redirect } from "react-router";
import { z } from "zod";
import { appContext } from "~/context";
import { serializeColourMode } from "~/cookies.server";
import { COLOUR_MODES } from "~/lib/colour-mode";
import { safeRedirectPath } from "~/lib/redirect-path";
import type { Route } from "./+types/colour-mode";
import { readForm } from "~/lib/read-form.server";

const schema = z.object({ mode: z.enum(COLOUR_MODES), redirectTo: z.string().optional() });

/** Remembers light, dark or system for a year; without JavaScript it returns to the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const { config } = context.get(appContext);
  const parsed = schema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw new Response("Unknown colour mode", { status: 400 });
  return redirect(safeRedirectPath(parsed.data.redirectTo), {
    headers: { "Set-Cookie": await serializeColourMode(parsed.data.mode, config) },
  });
}
