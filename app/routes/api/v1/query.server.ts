import type { RouterContextProvider } from "react-router";
import type { z } from "~/lib/schemas/zod";
import { queryObject } from "~/lib/schemas/open-data";
import { problem } from "./respond.server";

/**
 * The request's query read by `schema`, or the 400 problem naming the first parameter at fault.
 * Messages of the schemas are catalogue keys; a parameter given twice that may not be is refused.
 */
export function parseApiQuery<Schema extends z.ZodType>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  schema: Schema,
): { ok: true; data: z.output<Schema> } | { ok: false; response: Response } {
  const raw = queryObject(new URL(request.url).searchParams);
  const parsed = raw.ok ? schema.safeParse(raw.value) : undefined;
  if (parsed?.success) return { ok: true, data: parsed.data };
  const issue = parsed?.error.issues[0];
  const parameter = raw.ok
    ? issue?.path[0] === undefined
      ? undefined
      : String(issue.path[0])
    : raw.parameter;
  const key = !raw.ok
    ? "openData.errors.repeated"
    : issue?.message.startsWith("openData.errors.")
      ? issue.message
      : "openData.errors.invalid";
  return {
    ok: false,
    response: problem(
      request,
      context,
      "invalid-parameter",
      { key, values: { parameter } },
      parameter ? { parameter } : {},
    ),
  };
}
