/**
 * The suite's one `test`: Playwright's, extended with automatic fixtures that every spec gets
 * (each added below by the concern it serves). Specs import `test` and `expect` from here.
 */
import { test as base, expect } from "@playwright/test";
import { E2E_NOW } from "./clock-runs.ts";
import { watchCspViolations } from "./helpers/csp-guard.ts";

/**
 * The browser agrees with the server on the time: every context (so every page and every tab opened
 * from it) runs Playwright's clock from the project's instant, the FOYER_NOW its server started at.
 * install() lets time flow from there, so the cart countdown and other timers run as usual.
 */
const clocked = base.extend<{ foyerNow: string }>({
  foyerNow: [E2E_NOW, { option: true }],
  context: async ({ context, foyerNow }, use) => {
    await context.clock.install({ time: foyerNow });
    await use(context);
  },
});

export const test = clocked.extend<{ pageGuards: undefined }>({
  pageGuards: [
    async ({ page, context }, use) => {
      void page;
      const cspViolations = await watchCspViolations(context);
      await use(undefined);
      expect(cspViolations, "CSP violations reported in the browser").toEqual([]);
    },
    { auto: true },
  ],
});

export type { APIRequestContext, Locator, Page } from "@playwright/test";
export { expect };
