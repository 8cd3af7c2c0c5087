import { describe, expect, it } from "vitest";
import { foldLine, icsDateTime, icsFile, icsText } from "../../../src/lib/domain/tickets/ics.ts";

const octets = (line: string) => new TextEncoder().encode(line).length;
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "");

const event = {
  uid: "order-1-session-1@harbour-museum.foyer",
  title: "Harbour Museum; General admission, morning",
  start: Date.UTC(2026, 11, 1, 15, 0),
  end: Date.UTC(2026, 11, 1, 17, 30),
  location: "Harbour Museum, 1 Quay St",
  description: "Tue, December 1 2026 at 3:00 PM.\nOrder 1234, 1 ticket. Harbour Museum.",
  url: "https://shop.example/harbour-museum/events/hm-general-admission",
};

describe("an iCalendar file of an order (RFC 5545)", () => {
  it("TEXT values escape backslash, semicolon, comma and line breaks (§3.3.11)", () => {
    expect(icsText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("instants are UTC DATE-TIMEs", () => {
    expect(icsDateTime(Date.UTC(2026, 11, 1, 15, 4, 5, 678))).toBe("20261201T150405Z");
  });

  it("lines are folded at 75 octets, never inside a character, and unfold to the original (§3.1)", () => {
    const arabic = `DESCRIPTION:${"تذكرة دخول عامة إلى متحف الميناء، ".repeat(6)}`;
    const folded = foldLine(arabic);
    const lines = folded.split("\r\n");
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
    // Each continuation starts with one space, which unfolding removes.
    for (const line of lines.slice(1)) expect(line.startsWith(" ")).toBe(true);
    expect(unfold(folded)).toBe(arabic);
    // No character was cut: every piece is valid text on its own.
    for (const line of lines) expect(line).not.toMatch(/\uFFFD/);
    expect(foldLine("SUMMARY:short")).toBe("SUMMARY:short");
  });

  it("a calendar holds one VEVENT per entry with its properties, every line ending in CRLF", () => {
    const text = icsFile(
      { productId: "foyer/tickets", name: "Harbour Museum, Boston", stamp: Date.UTC(2026, 10, 29) },
      [event, { ...event, uid: "order-1-session-2@harbour-museum.foyer", start: event.start + 86_400_000 }],
    );
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = unfold(text).split("\r\n");
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(2);
    expect(lines).toContain("X-WR-CALNAME:Harbour Museum\\, Boston");
    expect(lines).toContain("SUMMARY:Harbour Museum\\; General admission\\, morning");
    expect(lines).toContain("DTSTAMP:20261129T000000Z");
    expect(lines).toContain("DTSTART:20261201T150000Z");
    expect(lines).toContain("DTEND:20261201T173000Z");
    expect(lines).toContain("DTSTART:20261202T150000Z");
    expect(lines).toContain(
      "DESCRIPTION:Tue\\, December 1 2026 at 3:00 PM.\\nOrder 1234\\, 1 ticket. Harbour Museum.",
    );
    expect(lines).toContain(`URL:${event.url}`);
    expect(lines).toContain(`UID:${event.uid}`);
    expect(lines).toContain("STATUS:CONFIRMED");
  });

  it("X-WR-TIMEZONE goes right after BEGIN:VCALENDAR; an odd zone name is left out", () => {
    const stamp = Date.UTC(2026, 10, 29);
    const zoned = icsFile({ productId: "p", name: "n", timeZone: "America/New_York", stamp }, []);
    expect(zoned.startsWith("BEGIN:VCALENDAR\r\nX-WR-TIMEZONE:America/New_York\r\nVERSION:2.0\r\n")).toBe(
      true,
    );
    const odd = icsFile({ productId: "p", name: "n", timeZone: "x\r\nEVIL:1", stamp }, []);
    expect(odd).toBe(icsFile({ productId: "p", name: "n", stamp }, []));
    expect(odd).not.toContain("EVIL");
  });

  it("an empty property is left out rather than written empty", () => {
    const text = icsFile({ productId: "p", name: "n", stamp: 0 }, [{ ...event, location: "", url: "" }]);
    expect(text).not.toMatch(/^(LOCATION|URL):/m);
    expect(text).toContain("SUMMARY:");
  });
});
