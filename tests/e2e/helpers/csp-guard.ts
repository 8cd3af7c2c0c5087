/**
 * "e2e runs with these headers on, and fails on any CSP violation reported in the
 * console". Watches every page of a browser context: Chromium's own console errors about the
 * Content Security Policy ("Refused to execute inline script because it violates ..."), and every
 * `securitypolicyviolation` event, reported through the console by an init script.
 */
import type { BrowserContext } from "@playwright/test";

const CSP_MESSAGE = /Content[ -]Security[ -]Policy/i;

/** Starts watching `context`; the returned list fills with one line per violation. */
export async function watchCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  context.on("console", (message) => {
    const text = message.text();
    if (CSP_MESSAGE.test(text)) violations.push(`${message.page()?.url() ?? "?"}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const where = `${event.sourceFile || location.href}:${event.lineNumber}`;
      console.error(
        `Content Security Policy violation: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"} at ${where}`,
      );
    });
  });
  return violations;
}
