/**
 * The line page's timing and words: "moves by itself, with no refresh", without ten thousand pages
 * asking in the same millisecond, backing off when the line can't be reached; the countdown.
 */
import { describe, expect, it } from "vitest";
import { countdownText, estimateMinutes, nextPollMs } from "../../../src/lib/domain/waiting-room/poll.ts";

describe("the line page's timing", () => {
  it("before the on-sale: asks just after the moment, spread over two seconds, at most 30 s apart", () => {
    expect(nextPollMs({ phase: "before", onSaleAt: 10_000 }, 0, 0)).toBe(10_250);
    expect(nextPollMs({ phase: "before", onSaleAt: 10_000 }, 0, 0.999)).toBe(12_248);
    expect(nextPollMs({ phase: "before", onSaleAt: 10_000_000 }, 0, 0)).toBe(30_250);
  });

  it("while waiting: three times over the estimate, 2 to 20 seconds apart; paused: every 10 s", () => {
    expect(nextPollMs({ phase: "waiting", estimateSeconds: 5 }, 0, 0)).toBe(2000);
    expect(nextPollMs({ phase: "waiting", estimateSeconds: 30 }, 0, 0)).toBe(10_000);
    expect(nextPollMs({ phase: "waiting", estimateSeconds: 3600 }, 0, 0)).toBe(20_000);
    expect(nextPollMs({ phase: "waiting", estimateSeconds: null }, 0, 0)).toBe(10_000);
  });

  it("while the line draws the place (the second after the on-sale or arriving): again in one to two seconds", () => {
    expect(nextPollMs({ phase: "placing" }, 0, 0)).toBe(1000);
    expect(nextPollMs({ phase: "placing" }, 0, 0.999)).toBe(1999);
  });

  it("after failures it backs off, up to 30 s", () => {
    expect(nextPollMs({ phase: "failed", failures: 1 }, 0, 0)).toBe(2000);
    expect(nextPollMs({ phase: "failed", failures: 9 }, 0, 0)).toBe(30_000);
  });

  it("the countdown and the estimate in words' numbers", () => {
    expect(countdownText(3_723_000)).toBe("1:02:03");
    expect(countdownText(754_000)).toBe("12:34");
    expect(countdownText(4_200)).toBe("0:05");
    expect(countdownText(-5)).toBe("0:00");
    expect(estimateMinutes(59)).toBe(0);
    expect(estimateMinutes(61)).toBe(2);
  });
});
