import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  // Everything else: the 404 page, rendered inside the shell with status 404.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
