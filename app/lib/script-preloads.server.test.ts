import { describe, expect, it } from "vitest";
import { deferredModuleScript, withScriptsAfterFirstPaint } from "./script-preloads.server";

/** A page's shell as React Router's `<Scripts>` writes it, in short. */
const SHELL =
  '<html><head><link rel="stylesheet" href="/a.css"/>' +
  '<link rel="modulepreload" href="/assets/manifest-1.js" nonce="n1"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n1"/>' +
  '<link rel="modulepreload" href="/assets/root-1.js" nonce="n1"/>' +
  "<title>Plukweide — tulpen plukken</title></head><body><p>Tulpen</p>" +
  '<script nonce="n1">window.__reactRouterContext = {};</script>' +
  '<script nonce="n1" type="module" async="">import "/assets/manifest-1.js";\n' +
  'import * as route0 from "/assets/root-1.js";\n' +
  'import * as route1 from "/assets/list-1.js";\n' +
  '  \n  window.__reactRouterRouteModules = {"root":route0,"meadows":route1};\n\n' +
  'import("/assets/entry.client-1.js");</script></body></html>';

describe("scripts after the first paint", () => {
  it("takes the preloads out of the head and leaves the rest of the page as it is", () => {
    const html = withScriptsAfterFirstPaint(SHELL);
    const opening = '<script nonce="n1" type="module" async="">';
    const [before] = SHELL.split(opening);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html.slice(0, html.indexOf(opening))).toBe(
      before!.replace(/<link rel="modulepreload"[^>]*>/g, ""),
    );
    expect(html.slice(html.indexOf("</script></body>"))).toBe("</script></body></html>");
  });

  it("waits for a painted frame, preloads the modules, then imports them in order", async () => {
    const html = withScriptsAfterFirstPaint(SHELL);
    const text = /type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;
    // Run it as the browser would, with the frame, the task and the imports written down.
    const steps: string[] = [];
    const head: { rel: string; href: string }[] = [];
    const run = new Function(
      "requestAnimationFrame",
      "setTimeout",
      "document",
      "load",
      "window",
      `return (async () => { ${text.replaceAll("import(", "load(")} })();`,
    ) as (...args: unknown[]) => Promise<void>;
    const window: Record<string, unknown> = {};
    await run(
      (callback: () => void) => {
        steps.push("frame");
        callback();
      },
      (callback: () => void) => {
        steps.push("task");
        callback();
      },
      {
        createElement: () => ({ rel: "", href: "" }),
        head: { append: (link: { rel: string; href: string }) => head.push(link) },
      },
      async (href: string) => {
        steps.push(`import ${href}`);
        return { href };
      },
      window,
    );
    expect(steps).toEqual([
      "frame",
      "task",
      "import /assets/manifest-1.js",
      "import /assets/root-1.js",
      "import /assets/list-1.js",
      "import /assets/entry.client-1.js",
    ]);
    expect(head).toEqual(
      ["manifest-1", "entry.client-1", "root-1"].map((name) => ({
        rel: "modulepreload",
        href: `/assets/${name}.js`,
      })),
    );
    expect(window.__reactRouterRouteModules).toEqual({
      root: { href: "/assets/root-1.js" },
      meadows: { href: "/assets/list-1.js" },
    });
  });

  it("hands on a page without the preloads and the module script untouched", () => {
    expect(withScriptsAfterFirstPaint("<p>later</p>")).toBe("<p>later</p>");
    const preloadsOnly = SHELL.slice(0, SHELL.indexOf("<body>"));
    expect(withScriptsAfterFirstPaint(preloadsOnly)).toBe(preloadsOnly);
  });

  it("leaves a module script of another shape as it is", () => {
    expect(deferredModuleScript('import { a } from "/x.js"; a();', ["/x.js"])).toBeUndefined();
    expect(deferredModuleScript('console.log("no imports")', [])).toBeUndefined();
    const shell = SHELL.replace('import "/assets/manifest-1.js";', 'import { m } from "/m.js";');
    expect(withScriptsAfterFirstPaint(shell)).toBe(shell);
  });
});
