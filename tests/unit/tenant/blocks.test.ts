import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  isBlockVisible,
  loadBlocks,
  parseBlock,
  renderMarkdown,
  selectBlocks,
} from "../../../src/lib/tenant/blocks.ts";

const block = (front: string, body = "Hello") => parseBlock("t", "b.md", `---\n${front}\n---\n${body}\n`);

describe("tenant content blocks: 'shown or hidden by route name and by role'", () => {
  it("a block without lists shows everywhere, for everyone", () => {
    const b = block("key: a\nregion: banner");
    expect(isBlockVisible(b, "home", "anonymous")).toBe(true);
    expect(isBlockVisible(b, "events", "logged_in")).toBe(true);
  });

  it("enabledRoutes and disabledRoutes", () => {
    const b = block("key: a\nregion: banner\nenabledRoutes: [home, events]\ndisabledRoutes: [events]");
    expect(isBlockVisible(b, "home", "anonymous")).toBe(true);
    expect(isBlockVisible(b, "events", "anonymous")).toBe(false);
    expect(isBlockVisible(b, "event", "anonymous")).toBe(false);
  });

  it("'restricted to anonymous or logged-in users' with enabledRoles and disabledRoles", () => {
    const anon = block("key: a\nregion: r\nenabledRoles: [anonymous]");
    const notMember = block("key: b\nregion: r\ndisabledRoles: [logged_in]");
    for (const b of [anon, notMember]) {
      expect(isBlockVisible(b, "home", "anonymous")).toBe(true);
      expect(isBlockVisible(b, "home", "logged_in")).toBe(false);
    }
  });

  it("selects by region", () => {
    const blocks = [block("key: a\nregion: banner"), block("key: b\nregion: promo")];
    expect(selectBlocks(blocks, "promo", "home", "anonymous").map((b) => b.key)).toEqual(["b"]);
  });

  it("rejects frontmatter that breaks the schema, naming the file", () => {
    expect(() => block("key: a\nregion: r\nenabledRoles: [admin]")).toThrow(/t\/b\.md.*enabledRoles/);
    expect(() => parseBlock("t", "x.md", "no frontmatter")).toThrow(/frontmatter/);
  });

  it("loads a tenant's folder sorted by order, and an absent folder as none", () => {
    const dir = mkdtempSync(join(tmpdir(), "blocks-"));
    mkdirSync(join(dir, "blocks", "demo"), { recursive: true });
    writeFileSync(join(dir, "blocks", "demo", "a.md"), "---\nkey: late\nregion: r\norder: 2\n---\nLate");
    writeFileSync(join(dir, "blocks", "demo", "b.md"), "---\nkey: early\nregion: r\norder: 1\n---\nEarly");
    expect(loadBlocks("demo", dir).map((b) => b.key)).toEqual(["early", "late"]);
    expect(loadBlocks("nobody", dir)).toEqual([]);
  });

  it("catalogue content in each language: a block of the same name under {lang}/ takes its place, the rest fall back", () => {
    const dir = mkdtempSync(join(tmpdir(), "blocks-"));
    mkdirSync(join(dir, "blocks", "demo", "es"), { recursive: true });
    writeFileSync(
      join(dir, "blocks", "demo", "a.md"),
      "---\nkey: hours\nregion: r\norder: 1\n---\nOpen daily",
    );
    writeFileSync(
      join(dir, "blocks", "demo", "b.md"),
      "---\nkey: shop\nregion: r\norder: 2\n---\nVisit the shop",
    );
    writeFileSync(
      join(dir, "blocks", "demo", "es", "a.md"),
      "---\nkey: hours\nregion: r\norder: 1\n---\nAbierto a diario",
    );
    expect(loadBlocks("demo", dir, "es").map((b) => b.template)).toEqual([
      "Abierto a diario",
      "Visit the shop",
    ]);
    expect(loadBlocks("demo", dir).map((b) => b.template)).toEqual(["Open daily", "Visit the shop"]);
  });
});

describe("'Tenant rich text is Markdown, sanitized before it is rendered' (DESIGN §5)", () => {
  it("renders Markdown", () => {
    expect(renderMarkdown("**Open** [daily](https://example.org)")).toBe(
      '<p><strong>Open</strong> <a href="https://example.org">daily</a></p>\n',
    );
  });

  it("a <script> in Markdown does not survive", () => {
    const html = renderMarkdown("Hi <script>alert('x')</script> there");
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain("alert");
  });

  it("an onerror handler does not survive", () => {
    const html = renderMarkdown('<img src="https://x.org/a.png" onerror="alert(1)"> <b onclick="x()">b</b>');
    expect(html).not.toMatch(/onerror|onclick/i);
    expect(html).toContain('src="https://x.org/a.png"');
  });

  it("javascript: links and data: images are removed", () => {
    const html = renderMarkdown("[click](javascript:alert(1)) ![x](data:image/png;base64,AAAA)");
    expect(html).not.toMatch(/javascript:|data:/i);
  });

  it("the block body is sanitized too", () => {
    expect(block("key: a\nregion: r", "<iframe src=//evil></iframe>ok").html).not.toMatch(/iframe/);
  });
});
