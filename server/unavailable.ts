import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { languageOfPath } from "../app/lib/i18n";
import { catalogueTranslator } from "../app/lib/catalogue-translator";
import { escapeMarkup } from "../app/lib/escape-markup";

/** How long a browser or balancer is asked to wait before trying again, in seconds. */
const RETRY_AFTER_SECONDS = 10;

/**
 * The page a visitor gets while the database does not answer: 503 with Retry-After, in the
 * language of the address, standing alone (no scripts, its own small stylesheet), because
 * the app's pages cannot be made without their data.
 */
export function answerUnavailable(res: ServerResponse, pathname: string, method = "GET"): void {
  const language = languageOfPath(pathname);
  const t = catalogueTranslator(language);
  const title = t("errors.unavailableTitle");
  const description = t("errors.unavailableDescription");
  const nonce = randomBytes(16).toString("base64");
  const page = `<!doctype html>
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
@media (prefers-color-scheme:dark){body{background:#121810;color:#e6efe2}p{color:#b6c4b0}p.code{color:#8cc46f}}
</style>
</head>
<body>
<main>
<p class="code" aria-hidden="true">503</p>
<h1>${escapeMarkup(title)}</h1>
<p>${escapeMarkup(description)}</p>
</main>
</body>
</html>
`;
  res.writeHead(503, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(page),
    "Cache-Control": "no-store",
    "Retry-After": String(RETRY_AFTER_SECONDS),
    "Content-Security-Policy": `default-src 'none'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    "X-Content-Type-Options": "nosniff",
  });
  res.end(method === "HEAD" ? undefined : page);
}
