import { appContext } from "~/context";
import { meadowQuerySchema } from "~/lib/schemas/open-data";
import { meadowFeature } from "~/services/open-data/geojson";
import { findApiMeadow } from "~/services/open-data/meadows.server";
import { parseApiQuery } from "./query.server";
import { apiAnswer, negotiatedFormat, problem, refuseOverLimit } from "./respond.server";
import type { Route } from "./+types/meadow";
import type { SharedAnswerHandle } from "~/lib/shared-answer";

/** The same for every client asking the same address: kept briefly by the page cache (ADR 40). */
export const handle: SharedAnswerHandle = { sharedAnswer: true, apiLimit: true };

/** `GET /api/v1/meadows/{id}`: one meadow, as JSON or a GeoJSON Feature. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const refused = await refuseOverLimit(request, context);
  if (refused) return refused;
  const parsed = parseApiQuery(request, context, meadowQuerySchema);
  if (!parsed.ok) return parsed.response;
  const { db, config } = context.get(appContext);
  const meadow = await findApiMeadow(db, params.id, config.appUrl);
  if (!meadow) {
    return problem(request, context, "not-found", {
      key: "openData.errors.meadowNotFound",
      values: { id: params.id },
    });
  }
  const format = negotiatedFormat(request, parsed.data.format);
  return apiAnswer(request, format === "geojson" ? meadowFeature(meadow) : meadow, { format });
}
