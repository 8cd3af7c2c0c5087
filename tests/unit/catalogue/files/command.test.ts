/**
 * `npm run catalogue -- check`: exit code 1 with the problems when a file is wrong, 0 with a
 * summary of what the catalogue holds when it is clean.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { contentFolder, EVENTS_YAML, SCHEDULES_YAML } from "./fixture.ts";

function run(contentDir: string, ...args: string[]) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/catalogue.ts", ...args], {
    env: { ...process.env, CONTENT_DIR: contentDir },
    encoding: "utf8",
  });
  return { code: r.status, out: r.stdout };
}

describe("catalogue command", () => {
  it("exits 0 with a summary when the catalogue is clean", () => {
    const dir = contentFolder("USD", { "events.yaml": EVENTS_YAML, "schedules.yaml": SCHEDULES_YAML });
    expect(run(dir, "check", "test-venue")).toEqual({
      code: 0,
      out: "test-venue: OK (USD): 1 venue, 1 event, 1 ticket group, 2 ticket types, 1 schedule, 0 seat maps, 0 codes, 0 gift cards, 0 membership programs, 0 message rules\n",
    });
  }, 30_000);

  it("exits 1 and lists every problem with its file, line and field", () => {
    const dir = contentFolder("USD", {
      "events.yaml": EVENTS_YAML.replace("price: 12.00", "price: twelve"),
      "schedules.yaml": SCHEDULES_YAML,
    });
    expect(run(dir, "check")).toEqual({
      code: 1,
      out: "test-venue: 1 problem\n  test-venue/events.yaml line 22, events[0].groups[0].types[1].price: Write a price as a number like 25.00.\n",
    });
  }, 30_000);
});
