import { appContext } from "~/context";
import { openApiDocument } from "~/services/open-data/openapi.server";
import { apiAnswer } from "./respond.server";
import type { Route } from "./+types/openapi";
import type { SharedAnswerHandle } from "~/lib/shared-answer";

/** The same for every client asking the same address: kept briefly by the page cache (ADR 40). */
export const handle: SharedAnswerHandle = { sharedAnswer: true };

let made: { site: string; document: ReturnType<typeof openApiDocument> } | undefined;

/** `GET /api/v1/openapi.json`: the API's OpenAPI 3.1 document, made once per process. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { config } = context.get(appContext);
  if (made?.site !== config.appUrl.href) {
    made = { site: config.appUrl.href, document: openApiDocument(config.appUrl) };
  }
  return apiAnswer(request, made.document);
}
