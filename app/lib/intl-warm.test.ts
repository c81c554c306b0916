import { describe, expect, it } from "vitest";
import { runWorker, startedWorkers } from "../../tests/support/inline-workers";
import { LANGUAGES } from "./i18n";
import { formatterWorkerScript, formatterWorkerSource } from "./intl-warm";

describe("the formatter worker", () => {
  it.each(LANGUAGES)("runs on its own in %s, making formatters in the page's locale", (lang) => {
    const locales: string[] = [];
    const RealNumberFormat = Intl.NumberFormat;
    // A worker has only its own global scope: the source may use nothing from the module.
    const intl = {
      ...Object.fromEntries(
        Object.getOwnPropertyNames(Intl).map((name) => [name, Reflect.get(Intl, name)]),
      ),
      NumberFormat: function NumberFormat(locale: string, options?: Intl.NumberFormatOptions) {
        locales.push(locale);
        return new RealNumberFormat(locale, options);
      },
    };
    expect(runWorker(formatterWorkerSource(lang), intl)).toEqual({ closed: true });
    expect(locales).toEqual(Array(3).fill(lang === "nl" ? "nl-NL" : "en-GB"));
  });

  it("is started from the page's inline script in a task of its own, from its own source", () => {
    expect(startedWorkers(formatterWorkerScript("nl"))).toEqual({
      sources: [formatterWorkerSource("nl")],
      startedAtOnce: 0,
    });
  });

  it("leaves the page alone where workers are not allowed", () => {
    expect(startedWorkers(formatterWorkerScript("en"), { workersAllowed: false })).toEqual({
      sources: [],
      startedAtOnce: 0,
    });
  });

  it("cannot end the inline script early", () => {
    expect(formatterWorkerScript("en")).not.toMatch(/<\/?script/i);
  });
});
