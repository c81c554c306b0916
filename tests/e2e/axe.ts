import AxeBuilder from "@axe-core/playwright";
import type { Result } from "axe-core";
import type { Page } from "./fixtures";

/**
 * axe's violations on the page, or within `include` (a selector), read once the page's
 * transitions have ended: buttons ease into their pressed and their colour mode's colours, and
 * axe reads a colour as it is at that moment. Animations that repeat forever are not waited for.
 */
export async function settledViolations(
  page: Page,
  { include }: { include?: string } = {},
): Promise<Result[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  let builder = new AxeBuilder({ page })
    // The app has no frames, so axe may run in the page itself instead of opening a blank page
    // per scan to merge frame results; full details for violations only. Three times faster.
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] });
  if (include) builder = builder.include(include);
  return (await builder.analyze()).violations;
}

/** The serious and critical ones of settledViolations. */
export async function seriousViolations(
  page: Page,
  options: { include?: string } = {},
): Promise<Result[]> {
  const violations = await settledViolations(page, options);
  return violations.filter(({ impact }) => impact === "serious" || impact === "critical");
}
