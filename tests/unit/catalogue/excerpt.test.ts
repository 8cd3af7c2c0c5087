import { describe, expect, it } from "vitest";
import { ELLIPSIS, EXCERPT_LENGTH, excerpt, stripMarkup } from "../../../src/lib/domain/excerpt.ts";

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

  it("cuts at exactly 128 characters, mid-word if need be (no back-off to a word boundary)", () => {
    expect(excerpt(long)).toBe(`${long.slice(0, EXCERPT_LENGTH)}${ELLIPSIS}`);
    expect(Array.from(excerpt(long))).toHaveLength(EXCERPT_LENGTH + 1);
    const word = "a".repeat(200);
    expect(excerpt(word)).toBe(`${"a".repeat(EXCERPT_LENGTH)}${ELLIPSIS}`);
    expect(excerpt("x".repeat(EXCERPT_LENGTH + 1))).toBe(`${"x".repeat(EXCERPT_LENGTH)}${ELLIPSIS}`);
  });

  it("keeps punctuation and spaces at the cut (the cut is the first 128 characters)", () => {
    const text = `${"a".repeat(EXCERPT_LENGTH - 2)}, b and more`;
    expect(excerpt(text)).toBe(`${"a".repeat(EXCERPT_LENGTH - 2)}, ${ELLIPSIS}`);
  });

  it("strips HTML and Markdown markup before cutting", () => {
    expect(excerpt("<p>Hello <strong>there</strong></p><script>alert(1)</script>")).toBe("Hello there");
    expect(excerpt("## Title\n\n**Bold** and _em_ with a [link](https://x.org) ![img](a.png)")).toBe(
      "Title Bold and em with a link img",
    );
  });

  it("decodes entities and collapses whitespace", () => {
    expect(stripMarkup("Fish &amp; chips\n\n  &#39;today&#39;")).toBe("Fish & chips 'today'");
    expect(stripMarkup("<p>1 &lt; 2 &amp;&amp; &quot;x&quot;&nbsp;y</p><p>next</p>")).toBe(
      '1 < 2 && "x" y next',
    );
    expect(stripMarkup("a &amp;lt; b")).toBe("a &lt; b");
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

  it("the same summary excerpted again (every listing render) reads the same, at any length", () => {
    const summary = `<p>${long} <em>Again</em></p>`;
    const first = excerpt(summary);
    expect(excerpt(summary)).toBe(first);
    expect(excerpt(summary, 10)).toBe(`Walk the d${ELLIPSIS}`);
    expect(excerpt(summary, 1000)).toBe(`${long} Again`);
  });
});
