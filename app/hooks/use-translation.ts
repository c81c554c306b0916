import type { i18n as I18n, TFunction } from "i18next";
import { useContext } from "react";
import { I18nContext } from "react-i18next";

const translators = new WeakMap<I18n, TFunction>();

/**
 * The page's translation function. react-i18next's own hook copies the i18next instance for
 * every component it renders in, to notice language changes: on the server that is done for
 * every component of every page. A page's language never changes while it is open (the
 * language switch loads the other language's page, with its own catalogue), so the instance's
 * own function serves every component.
 */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const { i18n } = useContext(I18nContext);
  let t = translators.get(i18n);
  if (!t) {
    t = i18n.t.bind(i18n) as TFunction;
    translators.set(i18n, t);
  }
  return { t, i18n };
}
