import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { pageUrl } from "~/lib/page-url";

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = pageUrl(request);
  throw data(`Page not found: ${pathname}`, { status: 404 });
}

export default function NotFound() {
  return null;
}
