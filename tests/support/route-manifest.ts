import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";

export interface ActionRoute {
  id: string;
  /** The route's pattern as a path: `/nl/meadows/:id/edit`. */
  pattern: string;
  /** The same without its language prefix, shared by the route's English and Dutch copies. */
  key: string;
}

/**
 * Every route of the production build that takes a POST (exports an action), read from the
 * build's own manifest as the server reads it (server/route-methods.ts): a route added later is
 * found here without anyone listing it.
 */
export async function actionRoutes(): Promise<ActionRoute[]> {
  const entry = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as {
    loadBuild(): Promise<ServerBuild>;
  };
  const build = await entry.loadBuild();
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const fullPath = (id: string | undefined): string => {
    const route = id === undefined ? undefined : build.routes[id];
    if (!route) return "";
    const own = route.path ? `/${route.path}` : "";
    return `${fullPath(route.parentId)}${own}`.replace(/\/+/g, "/");
  };
  return routes
    .filter((route) => route.module.action !== undefined)
    .map((route) => {
      const pattern = fullPath(route.id) || "/";
      return { id: route.id, pattern, key: pattern.replace(/^\/(en|nl)(?=\/|$)/, "") || "/" };
    })
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** A pattern with its parameters filled in: `/meadows/:id` with `{ id: "abc" }`. */
export function fillPattern(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${pattern}`);
    return encodeURIComponent(value);
  });
}
