import { INTL_LOCALE, type Language } from "./i18n";

/**
 * Makes one formatter of each kind a page uses, then ends. Run in a worker: the first Intl object
 * a browser process makes loads the locale data it shares with every thread, which on the main
 * thread is one long task in the middle of hydration (ADR 51). Self-contained, as it runs from
 * its own source text, folded onto one line (so no comments inside); the formatters' texts are
 * returned so that no minifier drops a call as one without effect.
 */
function prepareFormatters(locale: string, language: string): string {
  const timeZone = "Europe/Amsterdam";
  return [
    new Intl.NumberFormat(locale).format(1),
    new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }).format(1),
    new Intl.NumberFormat(locale, { style: "unit", unit: "kilometer" }).format(1),
    new Intl.PluralRules(language).select(1),
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(0),
    new Intl.DateTimeFormat(locale, {
      timeZone,
      weekday: "long",
      hour: "2-digit",
      minute: "2-digit",
    }).format(0),
    new Intl.DateTimeFormat(language, { timeZone, month: "long" }).format(0),
    new Intl.DateTimeFormat("en", { timeZone, month: "numeric" }).format(0),
    new Intl.DisplayNames([locale], { type: "region" }).of("NL"),
    new Intl.ListFormat(language, { type: "conjunction" }).format(["a", "b"]),
    "a".localeCompare("b", language),
  ].join();
}

/** The worker's source for a page in `lang`. */
export function formatterWorkerSource(lang: Language): string {
  const args = [INTL_LOCALE[lang], lang].map((value) => JSON.stringify(value)).join(",");
  // The function's text as the build left it, its indentation folded: no string in it holds
  // more than one space in a row.
  const body = prepareFormatters.toString().replace(/\s+/g, " ");
  return `(${body})(${args});close();`;
}

/** Each language's script, made once: every page's head carries it. */
const workerScripts = new Map<Language, string>();

/**
 * An inline script for the page's head that starts the worker in a task of its own, so the
 * parser's task stays short, well before the page's modules hydrate. Where workers or blobs are
 * unavailable the page makes its formatters itself, as it would anyway.
 */
export function formatterWorkerScript(lang: Language): string {
  let script = workerScripts.get(lang);
  if (!script) {
    const source = JSON.stringify(formatterWorkerSource(lang)).replaceAll("<", "\\u003c");
    script = `setTimeout(function(){try{new Worker(URL.createObjectURL(new Blob([${source}],{type:"text/javascript"})))}catch(e){}})`;
    workerScripts.set(lang, script);
  }
  return script;
}
