import { createInstance } from "i18next";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import en from "~/locales/en/translation";
import nl from "~/locales/nl/translation";

/**
 * `content` rendered on the server as the meadows list in `lang` would render it: with both
 * catalogues and a router at that language's address.
 */
export async function renderWithCatalogues(lang: "en" | "nl", content: () => ReactNode) {
  const i18n = createInstance({
    lng: lang,
    resources: { en: { translation: en }, nl: { translation: nl } },
    interpolation: { escapeValue: false },
  });
  await i18n.init();
  const Stub = createRoutesStub([{ path: "/*", Component: content }]);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={[lang === "nl" ? "/nl/meadows" : "/meadows"]} />
    </I18nextProvider>,
  );
}
