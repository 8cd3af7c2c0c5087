/** The waiting room's words for staff: a room's title, and only the changes that matter announced. */
import { describe, expect, it } from "vitest";
import {
  type RoomWordsView,
  roomChangeWords,
  roomTitle,
} from "../../../src/lib/domain/admin/waiting-room-words.ts";

const room = (change: Partial<RoomWordsView> = {}): RoomWordsView => ({
  all_events: false,
  events: [{ name: "The Opening Night" }],
  phase: "open",
  paused: false,
  rate_per_minute: 60,
  figures: { waiting: 10 },
  ...change,
});

describe("waiting room words", () => {
  it("titles a room by its events, or every event", () => {
    expect(roomTitle(room())).toBe("The Opening Night");
    expect(roomTitle(room({ all_events: true, events: [] }))).toBe("Every event");
    expect(roomTitle(room({ all_events: true }))).toBe("The Opening Night, and every other event");
  });

  it("announces the sale opening, a pause, a resume, a new rate and an empty line, and nothing else", () => {
    expect(roomChangeWords(room({ phase: "before" }), room())).toBe("The Opening Night: the sale is open.");
    expect(roomChangeWords(room(), room({ paused: true }))).toBe("The Opening Night: the line is paused.");
    expect(roomChangeWords(room({ paused: true }), room())).toBe("The Opening Night: the line moves again.");
    expect(roomChangeWords(room(), room({ rate_per_minute: 120 }))).toBe(
      "The Opening Night: now lets in 120 a minute.",
    );
    expect(roomChangeWords(room(), room({ rate_per_minute: null }))).toBe(
      "The Opening Night: no rate now; the shop's cap limits.",
    );
    expect(roomChangeWords(room(), room({ figures: { waiting: 0 } }))).toBe(
      "The Opening Night: nobody is waiting.",
    );
    // The figures moving is not news.
    expect(roomChangeWords(room(), room({ figures: { waiting: 7 } }))).toBeNull();
    expect(roomChangeWords(room({ figures: { waiting: 0 } }), room({ figures: { waiting: 0 } }))).toBeNull();
  });
});
