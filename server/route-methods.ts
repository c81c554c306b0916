import type { ServerResponse } from "node:http";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** Methods the router hands to loaders and actions; any other it would not answer properly. */
const ROUTER_METHODS = new Set(["GET", "HEAD", "POST"]);

/**
 * React Router's patterns match with `.`, which stops at line breaks: a path that holds one
 * matches no route, not even the catch-all, and the router would answer it without the app (its
 * middleware, its language) around it.
 */
const LINE_BREAK = /[\n\r\u2028\u2029]/;

const MATCHES_KEPT = 1_000;

export type MethodCheck =
  | { kind: "router"; route: string }
  | { kind: "not-found" }
  | { kind: "options"; allow: string }
  | { kind: "not-allowed"; allow: string };

/**
 * Decides, before the router sees a request, what it cannot answer well on its own: a method the
 * route does not take (405 with the route's `Allow`), OPTIONS (the same list), or a path no route
 * can match. Everything else goes to the router.
 */
export function createMethodCheck(build: ServerBuild) {
  const tree = routeTree(build);
  const allowed = new Map<string, string[]>();
  const methodsOf = (leaf: string): string[] => {
    let methods = allowed.get(leaf);
    if (methods === undefined) {
      const module = build.routes[leaf]?.module;
      methods = [];
      if (module?.loader || module?.default) methods.push("GET", "HEAD");
      if (module?.action) methods.push("POST");
      methods.push("OPTIONS");
      allowed.set(leaf, methods);
    }
    return methods;
  };

  // matchRoutes ranks the whole tree on every call: the paths asked for most (home, the lists)
  // keep their answer. Bounded, as every address a visitor makes up would otherwise stay.
  const leaves = new Map<string, string | undefined>();
  const leafOf = (path: string): string | undefined => {
    if (leaves.has(path)) return leaves.get(path);
    const leaf = matchRoutes(tree, path)?.at(-1)?.route.id;
    if (leaves.size >= MATCHES_KEPT) leaves.clear();
    leaves.set(path, leaf);
    return leaf;
  };

  return (method: string, pathname: string): MethodCheck => {
    if (LINE_BREAK.test(safeDecode(pathname))) return { kind: "not-found" };
    const leaf = leafOf(routePath(pathname));
    if (leaf === undefined) return { kind: "not-found" };
    const methods = methodsOf(leaf);
    // The catch-all route is the 404 page: it shows for a GET, and other methods find nothing.
    if (build.routes[leaf]?.path === "*" && method !== "GET" && method !== "HEAD") {
      return { kind: "not-found" };
    }
    const allow = methods.join(", ");
    if (method === "OPTIONS") return { kind: "options", allow };
    if (ROUTER_METHODS.has(method) && methods.includes(method)) {
      return { kind: "router", route: leaf };
    }
    return { kind: "not-allowed", allow };
  };
}

/** The page a single-fetch data request (`/meadows.data`, `/_.data` for `/`) asks about. */
function routePath(pathname: string): string {
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/** The build's flat manifest as the nested routes `matchRoutes` walks. */
function routeTree(build: ServerBuild): RouteObject[] {
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const nest = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, path: route.path, index: true }
          : {
              id: route.id,
              path: route.path,
              caseSensitive: route.caseSensitive,
              children: nest(route.id),
            },
      );
  return nest(undefined);
}

function safeDecode(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** Answers what the router cannot: OPTIONS, a method no route takes, a path no route can match. */
export function answerPlainly(
  res: ServerResponse,
  method: Exclude<MethodCheck, { kind: "router" }>,
  cors: Record<string, string> = {},
) {
  const text = { "Content-Type": "text/plain; charset=utf-8", ...cors };
  if (method.kind === "not-found") {
    res.writeHead(404, text);
    res.end("Not Found\n");
  } else if (method.kind === "options") {
    res.writeHead(204, { Allow: method.allow, ...cors });
    res.end();
  } else {
    res.writeHead(405, { ...text, Allow: method.allow });
    res.end("Method Not Allowed\n");
  }
}
