// `npm run screenshots -- [base URL] [path …]`: full-page PNGs of pages in both languages, light
// and dark, at 360 and 1280 px, into ./screenshots, for looking at a screen before calling it done.
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumExecutablePath } from "../tests/support/chromium.ts";

const [base = "http://localhost:3000", ...requested] = process.argv.slice(2);
const paths =
  requested.length > 0 ? requested : ["/", "/about", "/privacy", "/terms", "/no/such/page"];

mkdirSync("screenshots", { recursive: true });
const browser = await chromium.launch({
  executablePath: chromiumExecutablePath,
  args: chromiumArgs,
});
for (const width of [360, 1280]) {
  for (const colorScheme of ["light", "dark"] as const) {
    const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme });
    const page = await context.newPage();
    for (const prefix of ["", "/nl"]) {
      for (const path of paths) {
        const url = `${base}${prefix}${path === "/" && prefix ? "" : path}`;
        await page.goto(url, { waitUntil: "networkidle" });
        const name = `${(prefix + path).replace(/\//g, "_") || "_"}-${width}-${colorScheme}.png`;
        await page.screenshot({ path: `screenshots/${name}`, fullPage: true });
      }
    }
    await context.close();
  }
}
await browser.close();
console.log(`screenshots of ${paths.length * 8} page views in ./screenshots`);
