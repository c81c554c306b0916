import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";

/**
 * Every page exists three times: without prefix (English), under /en and under /nl. Route ids
 * carry the prefix so the three stay distinct; the modules are shared.
 */
function pages(lang: "" | "en" | "nl") {
  const id = (name: string) => (lang === "" ? name : `${lang}/${name}`);
  return [
    index("routes/home.tsx", { id: id("home") }),
    route("about", "routes/about.tsx", { id: id("about") }),
    route("privacy", "routes/privacy.tsx", { id: id("privacy") }),
    route("terms", "routes/terms.tsx", { id: id("terms") }),
    route("login", "routes/login.tsx", { id: id("login") }),
    route("register", "routes/register.tsx", { id: id("register") }),
    route("verify-email", "routes/verify-email.tsx", { id: id("verify-email") }),
    route("forgot-password", "routes/forgot-password.tsx", { id: id("forgot-password") }),
    route("reset-password", "routes/reset-password.tsx", { id: id("reset-password") }),
    route("two-factor", "routes/two-factor.tsx", { id: id("two-factor") }),
    route("auth/callback", "routes/auth/callback.tsx", { id: id("auth-callback") }),
    // One page; each section's form posts to a route of its own below it (routes/settings/layout.tsx).
    route("settings", "routes/settings/layout.tsx", { id: id("settings") }, [
      route("avatar", "routes/settings/avatar.tsx", { id: id("settings-avatar") }),
      route("profile", "routes/settings/profile.tsx", { id: id("settings-profile") }),
      route("password", "routes/settings/password.tsx", { id: id("settings-password") }),
      route("email", "routes/settings/email.tsx", { id: id("settings-email") }),
      route("two-factor", "routes/settings/two-factor.tsx", { id: id("settings-two-factor") }),
      route("delete-account", "routes/settings/delete-account.tsx", {
        id: id("settings-delete-account"),
      }),
    ]),
    route("favorites", "routes/favorites.tsx", { id: id("favorites") }),
    route("map", "routes/map.tsx", { id: id("map") }),
    route("meadows", "routes/meadows/list.tsx", { id: id("meadows") }),
    route("meadows/add", "routes/meadows/add.tsx", { id: id("meadow-add") }),
    route("meadows/:id", "routes/meadows/detail.tsx", { id: id("meadow") }),
    route("meadows/:id/edit", "routes/meadows/edit.tsx", { id: id("meadow-edit") }),
    route("profile/:id", "routes/profile.tsx", { id: id("profile") }),
    // The open data API's reference page; the API itself is under /api/v1, unprefixed.
    route("api", "routes/api-reference.tsx", { id: id("api-reference") }),
  ];
}

export default [
  // Not prefixed: small resources the pages post to or poll.
  route("resources/locale", "routes/resources/locale.ts"),
  route("resources/colour-mode", "routes/resources/colour-mode.ts"),
  route("resources/logout", "routes/resources/logout.ts"),
  route("resources/favorite", "routes/resources/favorite.ts"),
  route("resources/favorite/after-sign-in", "routes/resources/favorite-after-sign-in.ts"),
  route("resources/favorite/state", "routes/resources/favorite-state.ts"),
  // The search boxes' suggestions as the visitor types.
  route("resources/suggestions", "routes/resources/suggestions.ts"),
  // JSON for the map's viewport (DESIGN.md "Map").
  route("api/meadows", "routes/api/meadows.ts"),
  // One photo per request from the meadow page's upload with JavaScript (progress, cancel).
  route("api/meadows/:id/photos", "routes/api/meadow-photos.ts"),
  // The public, versioned open data API (DESIGN.md "Routes"); anything else under it is a 404
  // problem rather than the site's 404 page.
  route("api/v1/meadows", "routes/api/v1/meadows.ts"),
  route("api/v1/meadows/:id", "routes/api/v1/meadow.ts"),
  route("api/v1/openapi.json", "routes/api/v1/openapi.ts"),
  route("api/v1/exports/:file", "routes/api/v1/export.ts"),
  route("api/v1/*", "routes/api/v1/not-found.ts"),
  // For search engines.
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  ...pages(""),
  ...prefix("en", pages("en")),
  ...prefix("nl", pages("nl")),
  // Everything else, /fr/… included: the 404 page, inside the shell, with status 404.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
