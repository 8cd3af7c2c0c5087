/**
 * One axe check for every e2e spec: WCAG 2.1 A and AA, serious and critical violations only (the
 * project's accessibility bar). It first waits for running animations and transitions to end, so a
 * dialog measured mid fade-in (spec 1 §9: modal transition 200 ms) is judged at its real colours.
 *
 * A page without frames (nearly every page of the suite) is checked by axe in the page itself
 * (`setLegacyMode`). The default path runs axe in each frame and then opens a blank page to merge
 * the results: on the gallery's stories it finds the same violations and passes, in more than
 * twice the time (calendar 1.9 → 0.9 s, seat map 2.1 → 0.9 s, about 95 checks in the suite). The
 * in-page run does not look inside frames, so a page with a frame takes the default path.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
}

/** The serious and critical violations as "rule: targets" lines (empty when the page passes). */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode(page.frames().length === 1)
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

export async function expectNoSeriousAxe(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}
