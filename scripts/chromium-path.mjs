// Which Chromium the e2e tests drive (suite time). Debian's `chromium-headless-shell`
// package: the same Chromium release as the `chromium` package, built as the headless shell that
// Playwright itself uses for headless runs. A new browser context opens in about 60 ms instead of
// about 300 ms in full Chromium's headless mode, and pages load in about half the time, which took
// a quarter off the e2e step. The visual baselines are taken in it. Lighthouse keeps full Chromium
// (scripts/bench-lighthouse.mjs), as a shopper's browser.
export const E2E_CHROMIUM = {
  path: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  debianPackage: "chromium-headless-shell",
};
