const SCRIPT_PRELOAD = '<link rel="modulepreload" ';
const LOW_PRIORITY_SCRIPT_PRELOAD = '<link rel="modulepreload" fetchpriority="low" ';

/**
 * The page's script preloads at low priority, as React gives its own bootstrap scripts
 * (facebook/react#27189): on a slow connection the browser fetches what paints first, photos
 * above all, and the scripts that make the page interactive beside them. React Router's
 * `<Scripts>` offers no such option; React hoists its preload links into the head, which the
 * shell's first chunk always holds whole.
 */
export function withLowPriorityScriptPreloads(html: Buffer): Buffer {
  if (html.indexOf(SCRIPT_PRELOAD) === -1) return html;
  return Buffer.from(
    html.toString("utf8").replaceAll(SCRIPT_PRELOAD, LOW_PRIORITY_SCRIPT_PRELOAD),
    "utf8",
  );
}
