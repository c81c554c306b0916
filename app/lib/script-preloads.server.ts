const SCRIPT_PRELOAD = Buffer.from('<link rel="modulepreload" ');
const LOW_PRIORITY = Buffer.from('fetchpriority="low" ');

/**
 * The page's script preloads at low priority, as React gives its own bootstrap scripts
 * (facebook/react#27189): on a slow connection the browser fetches what paints first, photos
 * above all, and the scripts that make the page interactive beside them. React Router's
 * `<Scripts>` offers no such option; React hoists its preload links into the head, which the
 * shell's first chunk always holds whole. The bytes are spliced as they are: decoding a list
 * page's shell (up to 125 kB) to a string and back cost some 0.4 ms of every request.
 */
export function withLowPriorityScriptPreloads(html: Buffer): Buffer {
  const parts: Buffer[] = [];
  let copied = 0;
  for (
    let at = html.indexOf(SCRIPT_PRELOAD);
    at !== -1;
    at = html.indexOf(SCRIPT_PRELOAD, copied)
  ) {
    const attributes = at + SCRIPT_PRELOAD.length;
    parts.push(html.subarray(copied, attributes), LOW_PRIORITY);
    copied = attributes;
  }
  if (parts.length === 0) return html;
  parts.push(html.subarray(copied));
  return Buffer.concat(parts);
}
