import { createInstance } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import en from "~/locales/en/translation";
import nl from "~/locales/nl/translation";
import { keptTranslator, useTranslation } from "./use-translation";

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

/** Every key of a nested catalogue that leads to a text, as `a.b.c`. */
function leafKeys(catalogue: object, prefix = ""): string[] {
  return Object.entries(catalogue).flatMap(([name, value]) =>
    typeof value === "object" && value !== null
      ? leafKeys(value as object, `${prefix}${name}.`)
      : [`${prefix}${name}`],
  );
}

describe("keptTranslator", () => {
  async function counted() {
    const i18n = createInstance({
      lng: "en",
      interpolation: { escapeValue: false },
      resources: {
        en: {
          translation: {
            greeting: "Hello",
            named: "Hello {{name}}",
            nested: "$t(greeting), again",
            section: { title: "Section" },
            keptBy_one: "{{count}} person",
            keptBy_other: "{{count}} people",
          },
        },
      },
    });
    await i18n.init();
    let calls = 0;
    const t = i18n.t.bind(i18n) as unknown as (...args: unknown[]) => unknown;
    i18n.t = ((...args: unknown[]) => (calls++, t(...args))) as unknown as typeof i18n.t;
    const kept = keptTranslator(i18n) as unknown as (key: unknown, options?: object) => unknown;
    return { kept, calls: () => calls };
  }

  it("gives i18next's texts, asking i18next once for each key and values", async () => {
    const { kept, calls } = await counted();
    expect(kept("named", { name: "Ann" })).toBe("Hello Ann");
    expect(kept("named", { name: "Bo" })).toBe("Hello Bo");
    expect(kept("named", { name: "Ann" })).toBe("Hello Ann");
    expect(kept("keptBy", { count: 1 })).toBe("1 person");
    expect(kept("keptBy", { count: 2 })).toBe("2 people");
    // A string is not a count: a key of its own.
    expect(kept("keptBy", { count: "2" })).toBe("keptBy");
    expect(kept("keptBy", { count: 2 })).toBe("2 people");
    expect(calls()).toBe(5);
  });

  it("reads a text with nothing to fill in from the catalogue, without asking i18next", async () => {
    const { kept, calls } = await counted();
    expect(kept("greeting")).toBe("Hello");
    expect(kept("section.title")).toBe("Section");
    expect(calls()).toBe(0);
    // Texts i18next fills in, or whose key names a namespace, are still i18next's.
    expect(kept("nested")).toBe("Hello, again");
    expect(kept("named")).toBe("Hello {{name}}");
    expect(kept("translation:greeting")).toBe("Hello");
    expect(kept("section")).toMatch(/returned an object instead of string/);
    expect(calls()).toBe(4);
  });

  it.each([
    ["en", en],
    ["nl", nl],
  ] as const)(
    "gives what i18next gives for every key of the %s catalogue",
    async (lng, catalogue) => {
      const i18n = createInstance({
        resources: { en: { translation: en }, nl: { translation: nl } },
        lng,
        fallbackLng: false,
        interpolation: { escapeValue: false },
      });
      await i18n.init();
      const kept = keptTranslator(i18n) as unknown as (key: string) => unknown;
      const keys = leafKeys(catalogue);
      expect(keys.length).toBeGreaterThan(500);
      for (const key of keys) expect(kept(key), key).toBe(i18n.t(key as never));
    },
  );

  it("tells apart values that would read alike run together", async () => {
    const { kept } = await counted();
    expect(kept("named", { name: 'Ann","x":"y' })).toBe('Hello Ann","x":"y');
    expect(kept("named", { name: "Ann", x: "y" })).toBe("Hello Ann");
  });

  it("asks again for a text the catalogue lacks and for values it cannot key", async () => {
    const { kept, calls } = await counted();
    expect(kept("missing")).toBe("missing");
    expect(kept("missing")).toBe("missing");
    const values = { name: { first: "Ann" } };
    kept("named", values);
    kept("named", values);
    expect(calls()).toBe(4);
  });
});
