import { describe, expect, it } from "vitest";
import { ELLIPSIS, EXCERPT_LENGTH, excerpt, stripMarkup } from "../../src/lib/domain/excerpt.ts";

const long =
  "Walk the decks of a restored 1890s schooner, climb into the rigging simulator and meet the volunteers who keep the harbour's maritime history alive every weekend.";

describe("excerpt: 'excerpts cut at 128 characters with ellipsis' (spec §9)", () => {
  it("keeps text of 128 characters or fewer unchanged, without an ellipsis", () => {
    const exact = "x".repeat(EXCERPT_LENGTH);
    expect(excerpt(exact)).toBe(exact);
    expect(excerpt("Short and sweet.")).toBe("Short and sweet.");
  });

  it("cuts longer text to at most 128 characters and appends an ellipsis", () => {
    const out = excerpt(long);
    expect(out.endsWith(ELLIPSIS)).toBe(true);
    expect(Array.from(out.slice(0, -1)).length).toBeLessThanOrEqual(EXCERPT_LENGTH);
    expect(long.startsWith(out.slice(0, -1))).toBe(true);
  });

  it("is word friendly: the cut never splits a word when a space is near", () => {
    const out = excerpt(long).slice(0, -1);
    const nextChar = long[out.length];
    expect(nextChar === " " || nextChar === "," || nextChar === ".").toBe(true);
  });

  it("cuts mid-word only when there is no space in the last quarter", () => {
    const word = "a".repeat(200);
    expect(excerpt(word)).toBe(`${"a".repeat(EXCERPT_LENGTH)}${ELLIPSIS}`);
  });

  it("strips HTML and Markdown markup before cutting", () => {
    expect(excerpt("<p>Hello <strong>there</strong></p><script>alert(1)</script>")).toBe("Hello there");
    expect(excerpt("## Title\n\n**Bold** and _em_ with a [link](https://x.org) ![img](a.png)")).toBe(
      "Title Bold and em with a link img",
    );
  });

  it("decodes entities and collapses whitespace", () => {
    expect(stripMarkup("Fish &amp; chips\n\n  &#39;today&#39;")).toBe("Fish & chips 'today'");
  });

  it("returns an empty string for a missing summary", () => {
    expect(excerpt(null)).toBe("");
    expect(excerpt(undefined)).toBe("");
  });

  it("does not split a surrogate pair at the cut", () => {
    const emoji = "🐧".repeat(130);
    const out = excerpt(emoji);
    expect(Array.from(out)).toHaveLength(EXCERPT_LENGTH + 1);
  });
});
