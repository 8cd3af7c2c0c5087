/**
 * The suite's one `test`: Playwright's, extended with automatic fixtures that every spec gets
 * (each added below by the concern it serves). Specs import `test` and `expect` from here.
 */
import { test as base, expect } from "@playwright/test";

export const test = base.extend<{ pageGuards: undefined }>({
  pageGuards: [
    async ({ page }, use) => {
      void page;
      await use();
    },
    { auto: true },
  ],
});

export type { APIRequestContext, Locator, Page } from "@playwright/test";
export { expect };
