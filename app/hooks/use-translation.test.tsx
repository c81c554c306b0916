import { createInstance } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { useTranslation } from "./use-translation";

async function instance(language: string, greeting: string) {
  const i18n = createInstance({
    lng: language,
    resources: { [language]: { translation: { greeting, keptBy_one: "{{count}} person" } } },
  });
  await i18n.init();
  return i18n;
}

function Greeting() {
  const { t, i18n } = useTranslation();
  // Keys outside the typed catalogue: the test's own.
  const translate = t as unknown as (key: string, options?: object) => string;
  return (
    <p lang={i18n.language}>{`${translate("greeting")} ${translate("keptBy", { count: 1 })}`}</p>
  );
}

describe("useTranslation", () => {
  it("translates with the instance the page was rendered with", async () => {
    const dutch = await instance("nl", "Hallo");
    const english = await instance("en", "Hello");
    const render = (i18n: typeof dutch) =>
      renderToString(
        <I18nextProvider i18n={i18n}>
          <Greeting />
          <Greeting />
        </I18nextProvider>,
      );
    expect(render(dutch)).toBe('<p lang="nl">Hallo 1 person</p><p lang="nl">Hallo 1 person</p>');
    expect(render(english)).toBe('<p lang="en">Hello 1 person</p><p lang="en">Hello 1 person</p>');
  });
});
