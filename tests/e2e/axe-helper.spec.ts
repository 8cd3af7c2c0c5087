/**
 * The suite's one axe check (tests/e2e/helpers/axe.ts) still finds what it is there to find: a
 * control without a label, text below AA contrast, and a violation inside a frame. Every "axe finds
 * nothing serious" test relies on it.
 */
import { expect, test } from "./fixtures.ts";
import { seriousAxeViolations } from "./helpers/axe.ts";

/** An unlabelled button and text below AA contrast. */
const PROBLEMS = `<button type="button" id="unlabelled"></button>
    <p id="faint" style="color:#bbb;background:#fff">Faint text</p>`;

test("the axe check reports an unlabelled button and low-contrast text, an unlabelled field inside a frame, and passes a clean page", async ({
  page,
}) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Axe check</title></head><body><main>
    <h1>Axe check</h1>
    ${PROBLEMS}
  </main></body></html>`);
  const withoutFrame = await seriousAxeViolations(page);
  expect(withoutFrame.find((v) => v.startsWith("button-name:"))).toContain("#unlabelled");
  expect(withoutFrame.find((v) => v.startsWith("color-contrast:"))).toContain("#faint");

  await page.setContent(`<!doctype html><html lang="en"><head><title>Axe check</title></head><body><main>
    <h1>Axe check</h1>
    ${PROBLEMS}
    <iframe title="Inner form" srcdoc="<!doctype html><html lang=en><head><title>Inner</title></head><body><main><input id=bare></main></body></html>"></iframe>
  </main></body></html>`);
  await expect(page.frameLocator("iframe").locator("#bare")).toBeAttached();
  const withFrame = await seriousAxeViolations(page);
  expect(withFrame.find((v) => v.startsWith("button-name:"))).toContain("#unlabelled");
  expect(withFrame.find((v) => v.startsWith("label:"))).toContain("#bare");

  await page.setContent(`<!doctype html><html lang="en"><head><title>Axe check</title></head><body><main>
    <h1>Axe check</h1><button type="button">Add to cart</button><p>Readable text</p>
  </main></body></html>`);
  expect(await seriousAxeViolations(page)).toEqual([]);
});
