import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { languageOfPath, pathInLanguage, type Language } from "../app/lib/i18n";
import { catalogueTranslator } from "../app/lib/catalogue-translator";
import { escapeMarkup } from "../app/lib/escape-markup";

/** How long a browser or balancer is asked to wait before trying again, in seconds. */
const RETRY_AFTER_SECONDS = 10;

/** A page made without the app, with the headers it goes out with. */
export interface StandalonePage {
  html: string;
  headers: Record<string, string | number>;
}

/**
 * A page that stands alone (no scripts, its own small stylesheet), in the language of the
 * address: for answers given before or without the app, whose pages need their data.
 */
function standalonePage(
  language: Language,
  status: number,
  title: string,
  description: string,
  link?: { href: string; text: string },
): StandalonePage {
  const nonce = randomBytes(16).toString("base64");
  const html = `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeMarkup(title)} · Plukweide</title>
<style nonce="${nonce}">
body{margin:0;font-family:system-ui,sans-serif;background:#f7faf5;color:#1f2a1c}
main{max-width:36rem;margin:0 auto;padding:4rem 1rem}
p.code{font-size:4.5rem;font-weight:700;color:#3f7a2c;margin:0}
h1{font-size:1.875rem;margin:1rem 0 0}
p{line-height:1.6;color:#4a5745}
a{color:#2f6a1e}
@media (prefers-color-scheme:dark){body{background:#121810;color:#e6efe2}p{color:#b6c4b0}p.code{color:#8cc46f}a{color:#a6d98a}}
</style>
</head>
<body>
<main>
<p class="code" aria-hidden="true">${status}</p>
<h1>${escapeMarkup(title)}</h1>
<p>${escapeMarkup(description)}</p>
${link ? `<p><a href="${escapeMarkup(link.href)}">${escapeMarkup(link.text)}</a></p>\n` : ""}</main>
</body>
</html>
`;
  return {
    html,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": Buffer.byteLength(html),
      "Cache-Control": "no-store",
      "Content-Security-Policy": `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      "X-Content-Type-Options": "nosniff",
    },
  };
}

/**
 * The page a visitor gets while the database does not answer: 503 with Retry-After, in the
 * language of the address.
 */
export function answerUnavailable(res: ServerResponse, pathname: string, method = "GET"): void {
  const language = languageOfPath(pathname);
  const t = catalogueTranslator(language);
  const page = standalonePage(
    language,
    503,
    t("errors.unavailableTitle"),
    t("errors.unavailableDescription"),
  );
  res.writeHead(503, { ...page.headers, "Retry-After": String(RETRY_AFTER_SECONDS) });
  res.end(method === "HEAD" ? undefined : page.html);
}

/**
 * The page for a form that sent more than the app accepts (a browser without JavaScript sending
 * many photos at once): 413, in the language of the address, saying how much fits.
 */
export function tooLargePage(pathname: string, limitBytes: number): StandalonePage {
  const language = languageOfPath(pathname);
  const t = catalogueTranslator(language);
  return standalonePage(
    language,
    413,
    t("errors.tooLargeTitle"),
    t("errors.tooLargeDescription", { megabytes: Math.floor(limitBytes / 2 ** 20) }),
    { href: pathInLanguage("/", language), text: t("errors.backHome") },
  );
}

/** An API problem (server/api-problems.ts) as an answer of its own. */
export function problemPage(problem: {
  body: string;
  headers: Record<string, string | number>;
}): StandalonePage {
  return { html: problem.body, headers: problem.headers };
}
