import { appContext } from "~/context";
import { robotsTxt } from "~/lib/sitemap";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(appContext);
  return new Response(robotsTxt(config.appUrl.origin), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
