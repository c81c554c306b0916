import type { Result } from "axe-core";
import { seriousViolations } from "./axe";
import {
  expect,
  NOT_FOUND_RESOURCE,
  preferenceCookie,
  test,
  waitForHydration,
  type Page,
} from "./fixtures";

// A trace would record axe's whole source at every scan, which costs more than the scans
// themselves; the failure message lists each violation and its elements instead.
test.use({ trace: "off" });

/** Every page of the shell, the 404 page included, and the meadow and member pages visitors see. */
const shellPages = [
  "/",
  "/about",
  "/privacy",
  "/terms",
  "/api",
  "/no-such-page",
  "/meadows",
  "/meadows?place=Utrecht&sort=distance",
  "/map",
  "/meadows/demo-001",
  "/profile/demo-member",
];
const languages = [
  { lang: "en", prefix: "" },
  { lang: "nl", prefix: "/nl" },
] as const;
const colourModes = ["light", "dark"] as const;
const widths = [1280, 360];

/** Serious and critical violations, one line per rule and one indented line per element. */
function describeViolations(violations: Result[]): string {
  return violations
    .map((violation) =>
      [
        `${violation.id} (${violation.impact}): ${violation.help} ${violation.helpUrl}`,
        ...violation.nodes.map(
          (node) =>
            `    ${node.target.join(" ")}\n      ${node.failureSummary?.replaceAll("\n", "\n      ")}`,
        ),
      ].join("\n"),
    )
    .join("\n");
}

async function expectNoSeriousViolations(page: Page, where: string) {
  const serious = await seriousViolations(page);
  expect
    .soft(
      serious.map((violation) => violation.id),
      `${where}:\n${describeViolations(serious)}`,
    )
    .toEqual([]);
}

test.describe("axe-core finds no serious or critical violations", () => {
  test.use({ allowedConsoleErrors: [NOT_FOUND_RESOURCE] });

  for (const path of shellPages) {
    for (const { lang, prefix } of languages) {
      const url = prefix && path === "/" ? prefix : `${prefix}${path}`;
      test(`${url} (${lang})`, async ({ page, baseURL }) => {
        for (const mode of colourModes) {
          await page.context().addCookies([preferenceCookie("theme", mode, baseURL!)]);
          await page.setViewportSize({ width: widths[0]!, height: 800 });
          await page.goto(url);
          await waitForHydration(page);
          await expect(page.locator("html")).toHaveClass(mode);
          for (const width of widths) {
            await test.step(`${mode}, ${width} px`, async () => {
              await page.setViewportSize({ width, height: 800 });
              await expectNoSeriousViolations(page, `${url} in ${mode} mode at ${width} px`);
            });
          }
          if (path === "/") {
            await test.step(`${mode}, ${widths.at(-1)} px, menu open`, async () => {
              await page
                .getByRole("banner")
                .getByLabel(/^Menu$/)
                .click();
              await expect(page.getByRole("banner").locator("details")).toHaveAttribute("open");
              await expectNoSeriousViolations(page, `${url} in ${mode} mode with the menu open`);
            });
          }
        }
      });
    }
  }
});

test.describe("no page scrolls sideways on a phone", () => {
  test.use({ allowedConsoleErrors: [NOT_FOUND_RESOURCE] });

  for (const { lang, prefix } of languages) {
    test(`in ${lang}, at 320 and 360 px`, async ({ page }) => {
      for (const path of shellPages) {
        const url = prefix && path === "/" ? prefix : `${prefix}${path}`;
        await page.setViewportSize({ width: 320, height: 700 });
        await page.goto(url);
        for (const width of [320, 360]) {
          await page.setViewportSize({ width, height: 700 });
          const sideways = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect.soft(sideways, `${url} at ${width} px is wider than the window by`).toBe(0);
        }
      }
    });
  }
});
