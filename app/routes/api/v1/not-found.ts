import { problem } from "./respond.server";
import type { Route } from "./+types/not-found";

/** Any other address under /api/v1: a 404 problem, not the site's 404 page. */
export function loader({ request, context }: Route.LoaderArgs) {
  return problem(request, context, "not-found", {
    key: "openData.errors.noSuchEndpoint",
    values: { path: new URL(request.url).pathname },
  });
}
