import { describe, expect, it } from "vitest";
import {
  endedByExpiry,
  extensionDeclinedKey,
  extensionPromptOpen,
  formatTimeLeft,
  levelToAnnounce,
  secondsLeft,
  timerLevel,
  timerVisible,
} from "../../../src/lib/domain/cart-timer.ts";

describe("cart timer (spec §4 'Timer', §9)", () => {
  it("'Shown when under 20 minutes remain'", () => {
    expect(timerVisible(20 * 60)).toBe(false);
    expect(timerVisible(20 * 60 - 1)).toBe(true);
    expect(timerVisible(1)).toBe(true);
    expect(timerVisible(0)).toBe(false);
  });

  it("'Colour levels: warning at 300 s, error at 120 s, critical at 30 s'", () => {
    expect(timerLevel(301)).toBe("normal");
    expect(timerLevel(300)).toBe("warning");
    expect(timerLevel(121)).toBe("warning");
    expect(timerLevel(120)).toBe("error");
    expect(timerLevel(31)).toBe("error");
    expect(timerLevel(30)).toBe("critical");
    expect(timerLevel(0)).toBe("critical");
  });

  it("rounds milliseconds up to whole seconds and formats m:ss", () => {
    expect(secondsLeft(-5)).toBe(0);
    expect(secondsLeft(0)).toBe(0);
    expect(secondsLeft(1)).toBe(1);
    expect(secondsLeft(60_000)).toBe(60);
    expect(secondsLeft(60_001)).toBe(61);
    expect(formatTimeLeft(65)).toBe("1:05");
    expect(formatTimeLeft(1199)).toBe("19:59");
    expect(formatTimeLeft(0)).toBe("0:00");
  });

  it("'Extension prompt appears at 60 seconds or less unless extension was declined'", () => {
    expect(extensionPromptOpen(61, false)).toBe(false);
    expect(extensionPromptOpen(60, false)).toBe(true);
    expect(extensionPromptOpen(1, false)).toBe(true);
    expect(extensionPromptOpen(60, true)).toBe(false);
  });

  it("'closes itself when time rises above 60 s' and once the time is up", () => {
    expect(extensionPromptOpen(60 + 120, false)).toBe(false);
    expect(extensionPromptOpen(0, false)).toBe(false);
  });

  it("announces only when crossing into a more severe level, never every tick", () => {
    expect(levelToAnnounce("normal", "normal")).toBeNull();
    expect(levelToAnnounce("normal", "warning")).toBe("warning");
    expect(levelToAnnounce("warning", "warning")).toBeNull();
    expect(levelToAnnounce("warning", "error")).toBe("error");
    expect(levelToAnnounce("normal", "critical")).toBe("critical");
    // After an extension time rises: no announcement.
    expect(levelToAnnounce("critical", "error")).toBeNull();
  });

  it("declining is remembered per cart id", () => {
    expect(extensionDeclinedKey("c1")).not.toBe(extensionDeclinedKey("c2"));
  });

  it("a cart that vanished after its local expiry ended by expiry, one that vanished earlier did not", () => {
    expect(endedByExpiry(10_000, 10_000)).toBe(true);
    expect(endedByExpiry(10_500, 10_000)).toBe(true);
    expect(endedByExpiry(60_000, 10_000)).toBe(false);
  });
});
