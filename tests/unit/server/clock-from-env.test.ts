import { describe, expect, it } from "vitest";
import { runningClock, systemClock } from "../../../src/lib/server/clock.ts";
import { clockFromEnv, fixedNowFromEnv } from "../../../src/lib/server/clock-from-env.ts";

/** A controllable elapsed-time source, standing in for the monotonic timer. */
function elapsed() {
  let ms = 0;
  const source = () => ms;
  return Object.assign(source, { advance: (by: number) => (ms += by) });
}

describe("FOYER_NOW: 'The e2e server takes a fixed clock'", () => {
  it("without FOYER_NOW the runtime uses the system clock", () => {
    expect(clockFromEnv({})).toBe(systemClock);
    expect(clockFromEnv({ FOYER_NOW: "" })).toBe(systemClock);
    expect(clockFromEnv({ FOYER_NOW: "  " })).toBe(systemClock);
  });

  it("starts at FOYER_NOW and runs forward in real time from process start", () => {
    const time = elapsed();
    const clock = clockFromEnv({ FOYER_NOW: "2026-11-17T15:30:00-05:00" }, time);
    expect(clock.now().toISOString()).toBe("2026-11-17T20:30:00.000Z");
    time.advance(90_000);
    expect(clock.now().toISOString()).toBe("2026-11-17T20:31:30.000Z");
  });

  it.each([
    ["2026-11-17T15:30:00-05:00", "2026-11-17T20:30:00.000Z"],
    ["2026-11-01T01:30:00-04:00", "2026-11-01T05:30:00.000Z"],
    ["2026-11-18T04:30:00Z", "2026-11-18T04:30:00.000Z"],
    ["2026-11-18T04:30:00.250Z", "2026-11-18T04:30:00.250Z"],
  ])("reads %s as the instant %s", (raw, iso) => {
    expect(fixedNowFromEnv({ FOYER_NOW: raw })?.toISOString()).toBe(iso);
  });

  it.each([
    "tomorrow",
    "2026-11-17",
    // a local time without an offset would be read in the server's own zone: refused
    "2026-11-17T15:30:00",
    "2026-02-30T10:00:00Z",
  ])("refuses %s, naming the expected form", (raw) => {
    expect(() => clockFromEnv({ FOYER_NOW: raw })).toThrow(
      /FOYER_NOW must be an ISO-8601 instant with a UTC offset/,
    );
  });
});

describe("runningClock", () => {
  it("adds the elapsed time to its start, never the system time", () => {
    const time = elapsed();
    const clock = runningClock(new Date("2027-03-14T06:59:00Z"), time);
    time.advance(120_000);
    expect(clock.now().toISOString()).toBe("2027-03-14T07:01:00.000Z");
  });
});
