import { useLocation } from "react-router";
import { splitPrefix, withPrefix } from "~/lib/i18n";
import { useShellData } from "~/hooks/use-shell-data";

/**
 * Canonical and hreflang links: English lives without a prefix (so /en/… points its canonical
 * there), Dutch under /nl. Search engines then index each page once per language.
 */
export function AlternateLinks() {
  const { lang, origin } = useShellData();
  const location = useLocation();
  const { rest } = splitPrefix(location.pathname);
  const english = `${origin}${rest}${location.search}`;
  const dutch = `${origin}${withPrefix("nl", rest)}${location.search}`;
  return (
    <>
      <link rel="canonical" href={lang === "nl" ? dutch : english} />
      <link rel="alternate" hrefLang="en" href={english} />
      <link rel="alternate" hrefLang="nl" href={dutch} />
      <link rel="alternate" hrefLang="x-default" href={english} />
    </>
  );
}
