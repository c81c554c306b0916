const SCRIPT_PRELOAD = '<link rel="modulepreload" ';
const MODULE_SCRIPT = ' type="module" async="">';
const SCRIPT_END = "</script>";
const HREF = /\shref="([^"]+)"/;

/** `import "x";` and `import * as route0 from "x";`, as React Router's `<Scripts>` writes them. */
const SIDE_EFFECT_IMPORT = /\bimport\s*"([^"]+)";/g;
const NAMESPACE_IMPORT = /\bimport\s*\*\s*as\s+(\w+)\s+from\s*"([^"]+)";/g;
const ANY_STATIC_IMPORT = /(^|[;\n])\s*import\s*["*{\w]/;

/**
 * The page's scripts are fetched once it has painted (ADR 52): text, the stylesheet and photos
 * first, and the scripts that make the page interactive after them. React Router's `<Scripts>`
 * writes a `<link rel="modulepreload">` for each (React hoists them into the head) and one module
 * script whose static imports the browser fetches as soon as it reads it. The links are taken out,
 * and the module script waits for the first frame to be painted, preloads the same modules, and
 * imports them in the same order. The page (rendered whole, ADR 53) always holds both; anything of
 * another shape is handed on untouched.
 */
export function withScriptsAfterFirstPaint(html: string): string {
  const preloads = scriptPreloads(html);
  const script = moduleScript(html);
  if (preloads.length === 0 || !script) return html;
  const body = deferredModuleScript(
    html.slice(script.start, script.end),
    preloads.map((preload) => preload.href),
  );
  if (body === undefined) return html;
  const cuts = [...preloads, { start: script.start, end: script.end, text: body }].sort(
    (a, b) => a.start - b.start,
  );
  let spliced = "";
  let copied = 0;
  for (const cut of cuts) {
    spliced += html.slice(copied, cut.start);
    if ("text" in cut) spliced += cut.text;
    copied = cut.end;
  }
  return spliced + html.slice(copied);
}

/** Each `<link rel="modulepreload" … />` in `html`: where it is, and the module it names. */
function scriptPreloads(html: string): { start: number; end: number; href: string }[] {
  const found = [];
  for (
    let start = html.indexOf(SCRIPT_PRELOAD);
    start !== -1;
    start = html.indexOf(SCRIPT_PRELOAD, start + 1)
  ) {
    const end = html.indexOf(">", start) + 1;
    const href = HREF.exec(html.slice(start, end))?.[1];
    if (end === 0 || !href) return [];
    found.push({ start, end, href });
  }
  return found;
}

/**
 * Where the text of React Router's module script is in `html`. It comes near the end of the
 * page, after its content: looked for from the end, as a search from the start read a list
 * page's whole content on every request.
 */
function moduleScript(html: string): { start: number; end: number } | undefined {
  const opening = html.lastIndexOf(MODULE_SCRIPT);
  if (opening === -1) return undefined;
  const start = opening + MODULE_SCRIPT.length;
  const end = html.indexOf(SCRIPT_END, start);
  return end === -1 ? undefined : { start, end };
}

/**
 * The module script's text, waiting for the first painted frame and then importing what it
 * imported, with `preloads` asked for at once so that the modules come in parallel rather than one
 * level of imports after another. Undefined for a text of another shape.
 */
export function deferredModuleScript(
  text: string,
  preloads: readonly string[],
): string | undefined {
  const imports = text
    .replace(SIDE_EFFECT_IMPORT, (_, href: string) => `await import(${JSON.stringify(href)});`)
    .replace(
      NAMESPACE_IMPORT,
      (_, name: string, href: string) => `const ${name} = await import(${JSON.stringify(href)});`,
    );
  if (imports === text || ANY_STATIC_IMPORT.test(imports)) return undefined;
  // A callback of requestAnimationFrame runs before its frame is painted; a task it starts runs
  // after. A tab opened in the background paints, and so loads its scripts, once it is shown.
  return (
    "await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));" +
    `for (const href of ${JSON.stringify(preloads)}) {` +
    'const link = document.createElement("link");' +
    'link.rel = "modulepreload";' +
    "link.href = href;" +
    "document.head.append(link);" +
    "}" +
    imports
  );
}
