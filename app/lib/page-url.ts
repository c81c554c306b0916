import { splitPrefix, withPrefix } from "./i18n";

/**
 * The address of the page a request is for. With JavaScript, React Router fetches a page's data
 * from `/nl/about.data` (and `/_root.data` for `/`) and adds `_routes`/`index` parameters; the
 * language, redirect targets and canonical links must come from the page's own address.
 */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) {
    url.pathname = url.pathname.slice(0, -".data".length);
    if (url.pathname === "/_root") url.pathname = "/";
  }
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  return url;
}

/** `path` in the language of the page a request is for: "/meadows" from a /nl page is "/nl/meadows". */
export function pagePath(request: Request, path: string): string {
  return withPrefix(splitPrefix(pageUrl(request).pathname).prefix, path);
}
