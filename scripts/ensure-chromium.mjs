// Makes sure the Chromium of the e2e tests exists (scripts/chromium-path.mjs). Playwright's own
// browser download cannot be reached here, so the tests drive Debian's chromium-headless-shell. As
// root on Debian we install it; otherwise we stop with a message that says how to get one.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { E2E_CHROMIUM } from "./chromium-path.mjs";

const { path, debianPackage } = E2E_CHROMIUM;
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const isDebian = existsSync("/etc/debian_version") && existsSync("/usr/bin/apt-get");
if (isRoot && isDebian && !process.env.CHROMIUM_PATH) {
  console.log(
    `The e2e Chromium is missing: installing Debian's ${debianPackage} package (apt-get install -y ${debianPackage})...`,
  );
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", debianPackage], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (existsSync(path)) process.exit(0);
}
console.error(
  [
    `The e2e tests need Chromium at ${path}, and it is not there.`,
    `On Debian or Ubuntu, as root: apt-get update && apt-get install -y ${debianPackage}`,
    "Elsewhere: install a Chromium headless shell (or Chromium) and set CHROMIUM_PATH to its executable;",
    "the visual baselines were taken in the headless shell, so full Chromium may differ in text anti-aliasing.",
  ].join("\n"),
);
process.exit(1);
