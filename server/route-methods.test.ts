import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { createMethodCheck } from "./route-methods";

const fn = () => null;

/** A build's route manifest in the shape React Router writes it: a page, a resource, a catch-all. */
const build = {
  routes: {
    root: { id: "root", path: "", module: { loader: fn, default: fn } },
    home: { id: "home", parentId: "root", index: true, module: { loader: fn, default: fn } },
    about: { id: "about", parentId: "root", path: "about", module: { default: fn } },
    login: {
      id: "login",
      parentId: "root",
      path: "login",
      module: { loader: fn, action: fn, default: fn },
    },
    locale: { id: "locale", parentId: "root", path: "resources/locale", module: { action: fn } },
    feed: { id: "feed", parentId: "root", path: "api/feed", module: { loader: fn } },
    nl: { id: "nl/about", parentId: "root", path: "nl/about", module: { default: fn } },
    missing: { id: "missing", parentId: "root", path: "*", module: { loader: fn, default: fn } },
  },
} as unknown as ServerBuild;

const check = createMethodCheck(build);

describe("createMethodCheck", () => {
  it("hands the router what its routes take, naming the route that answers", () => {
    expect(check("GET", "/")).toEqual({ kind: "router", route: "home" });
    expect(check("HEAD", "/about")).toEqual({ kind: "router", route: "about" });
    expect(check("POST", "/login")).toEqual({ kind: "router", route: "login" });
    expect(check("POST", "/resources/locale")).toEqual({ kind: "router", route: "locale" });
    expect(check("GET", "/api/feed")).toEqual({ kind: "router", route: "feed" });
    // Single-fetch data requests ask about the page they name.
    expect(check("POST", "/login.data")).toEqual({ kind: "router", route: "login" });
    expect(check("GET", "/_.data")).toEqual({ kind: "router", route: "home" });
    // The catch-all answers GET with the 404 page.
    expect(check("GET", "/nowhere")).toEqual({ kind: "router", route: "missing" });
  });

  it("answers a method a route does not take with 405 and the route's Allow", () => {
    expect(check("POST", "/about")).toEqual({ kind: "not-allowed", allow: "GET, HEAD, OPTIONS" });
    expect(check("GET", "/resources/locale")).toEqual({
      kind: "not-allowed",
      allow: "POST, OPTIONS",
    });
    expect(check("POST", "/_.data")).toEqual({ kind: "not-allowed", allow: "GET, HEAD, OPTIONS" });
    for (const method of ["PUT", "DELETE", "PATCH", "TRACE", "PROPFIND"]) {
      expect(check(method, "/login")).toEqual({
        kind: "not-allowed",
        allow: "GET, HEAD, POST, OPTIONS",
      });
    }
  });

  it("answers OPTIONS with the methods of the route", () => {
    expect(check("OPTIONS", "/login")).toEqual({
      kind: "options",
      allow: "GET, HEAD, POST, OPTIONS",
    });
    expect(check("OPTIONS", "/api/feed")).toEqual({ kind: "options", allow: "GET, HEAD, OPTIONS" });
  });

  it("finds nothing for other methods on a path only the catch-all matches", () => {
    for (const method of ["POST", "PUT", "OPTIONS", "TRACE"]) {
      expect(check(method, "/nowhere")).toEqual({ kind: "not-found" });
    }
  });

  it("finds nothing for a path with a line break, which no route pattern matches", () => {
    for (const path of ["/nope%0A", "/nl%0A", "/about%0D", "/x%E2%80%A8", "/%E2%80%A9"]) {
      for (const method of ["GET", "POST", "OPTIONS"]) {
        expect(check(method, path)).toEqual({ kind: "not-found" });
      }
    }
  });
});
