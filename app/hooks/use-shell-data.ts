import { useLocation, useRouteLoaderData } from "react-router";
import type { loader } from "~/root";
import { languageOfPrefix, splitPrefix, withPrefix, type Language, type Prefix } from "~/lib/i18n";

/**
 * What every part of the shell needs from the root loader. When the root loader itself failed
 * (the error page), the language still follows the URL.
 */
export function useShellData() {
  const data = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  const prefix: Prefix = data?.prefix ?? splitPrefix(location.pathname).prefix;
  const lang: Language = data?.lang ?? languageOfPrefix(prefix);
  return {
    lang,
    prefix,
    colourMode: data?.colourMode ?? "system",
    origin: data?.origin ?? "",
    buildId: data?.buildId,
    user: data?.user ?? null,
  };
}

/** Links stay under the prefix the visitor arrived with: /nl pages link to /nl pages. */
export function useLocalePath() {
  const { prefix } = useShellData();
  return (path: string) => withPrefix(prefix, path);
}
