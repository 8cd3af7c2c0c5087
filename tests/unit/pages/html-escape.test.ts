import { describe, expect, it } from "vitest";
import { escapeHtml } from "../../../src/lib/domain/html-escape.ts";

describe("escapeHtml (DESIGN: 'safe with bad input'; one escape for the mails, tickets, favicon and pictures)", () => {
  it("escapes the five characters that can end a text or an attribute, and leaves the rest", () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;",
    );
    expect(escapeHtml("Café Ö £5 — ok")).toBe("Café Ö £5 — ok");
  });

  it("escapes an ampersand that already starts an entity, so text shows as typed", () => {
    expect(escapeHtml("Fish &amp; chips")).toBe("Fish &amp;amp; chips");
  });
});
