import { describe, expect, it } from "vitest";
import { CLOCK_TAG, CLOCK_TAGGED, TIME_SENSITIVE_SPECS, withClockRuns } from "../../e2e/clock-runs.ts";
import { SUITE_INSTANTS } from "../../helpers/instants.ts";

const config = {
  testDir: "tests/e2e",
  use: { baseURL: "http://127.0.0.1:4391" },
  projects: [{ name: "desktop", use: { viewport: { width: 1280, height: 720 } } }],
  webServer: {
    command: "node scripts/serve.mjs",
    url: "http://127.0.0.1:4391/api/health",
    env: { HOST: "127.0.0.1", PORT: "4391", DATA_DIR: "/tmp/main", FOYER_NOW: SUITE_INSTANTS.afternoon },
  },
};

const servers = (c: ReturnType<typeof withClockRuns>) => (Array.isArray(c.webServer) ? c.webServer : []);

describe("e2e clock runs: 'The suite runs at least at 23:30 and 15:30 New York time, and on a daylight-saving change day'", () => {
  it("adds a server per extra clock: the main one's settings, its own port, data folder and FOYER_NOW", () => {
    const out = withClockRuns(config, {});
    const [main, late, dst] = servers(out);
    expect(main).toBe(config.webServer);
    expect([late?.env?.FOYER_NOW, dst?.env?.FOYER_NOW]).toEqual([
      SUITE_INSTANTS.lateNight,
      SUITE_INSTANTS.dstFallBack,
    ]);
    expect([late?.env?.PORT, dst?.env?.PORT]).toEqual(["4392", "4393"]);
    expect(late?.url).toBe("http://127.0.0.1:4392/api/health");
    expect(late?.command).toBe(config.webServer.command);
    expect(new Set([main?.env?.DATA_DIR, late?.env?.DATA_DIR, dst?.env?.DATA_DIR]).size).toBe(3);
  });

  it("runs the time-sensitive specs against each extra server at its instant, the whole suite at the main one", () => {
    const projects = withClockRuns(config, {}).projects ?? [];
    expect(projects.map((p) => [p.name, p.use?.baseURL, (p.use as { foyerNow?: string }).foyerNow])).toEqual([
      ["desktop @ 23:30 New York", "http://127.0.0.1:4392", SUITE_INSTANTS.lateNight],
      ["desktop @ DST fall-back", "http://127.0.0.1:4393", SUITE_INSTANTS.dstFallBack],
      ["desktop", undefined, SUITE_INSTANTS.afternoon],
    ]);
    expect(projects.slice(0, 2).every((p) => p.testMatch === TIME_SENSITIVE_SPECS)).toBe(true);
    expect(projects[2]?.testMatch).toBeUndefined();
    // Of those specs only the tests tagged @clock (their answer depends on the hour) run again.
    expect(projects.slice(0, 2).every((p) => p.grep === CLOCK_TAGGED)).toBe(true);
    expect(projects[2]?.grep).toBeUndefined();
    expect(CLOCK_TAGGED.test(`date filter 'today' ${CLOCK_TAG}`)).toBe(true);
    expect(CLOCK_TAGGED.test("an unknown event is the 404 page @clockless")).toBe(false);
    for (const spec of ["browse", "reserve", "cart", "seats"])
      expect(TIME_SENSITIVE_SPECS.test(`/w/tests/e2e/${spec}.spec.ts`)).toBe(true);
    expect(TIME_SENSITIVE_SPECS.test("/w/tests/e2e/login.spec.ts")).toBe(false);
  });

  it("with E2E_NOW set, one server runs everything at that instant", () => {
    const out = withClockRuns(config, { E2E_NOW: SUITE_INSTANTS.lateNight });
    expect(out.webServer).toBe(config.webServer);
    expect(out.projects?.map((p) => p.name)).toEqual(["desktop"]);
  });
});
