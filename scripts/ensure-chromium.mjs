// Makes sure a Chromium for the e2e tests exists. Playwright's own browser download cannot be
// reached here, so the tests drive Debian's chromium. As root on Debian we install it; otherwise
// we stop with a message that says how to get one.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const isDebian = existsSync("/etc/debian_version") && existsSync("/usr/bin/apt-get");
if (isRoot && isDebian) {
  console.log("Chromium is missing: installing Debian's chromium package (apt-get install -y chromium)...");
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (existsSync(path)) process.exit(0);
}
console.error(
  [
    `The e2e tests need Chromium at ${path}, and it is not there.`,
    "On Debian or Ubuntu, as root: apt-get update && apt-get install -y chromium",
    "Elsewhere: install Chromium or Chrome and set CHROMIUM_PATH to its executable.",
  ].join("\n"),
);
process.exit(1);
