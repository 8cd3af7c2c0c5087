/**
 * "E-mails have no logo or brand header": the order confirmation and the account mails
 * carry the tenant's brand header (logo, name, theme colour) in mail-client-safe HTML (tables and
 * inline styles, no <style>), while their plain-text part stays as readable as before.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { passcodeMail, passwordLinkMail } from "../../../src/lib/server/mail/account-mails.ts";
import {
  absoluteLogoUrl,
  brandedMailHtml,
  brandOf,
  MAIL_FONT_STACK,
  mailFontFamily,
} from "../../../src/lib/server/mail/brand-layout.ts";
import { buildOrderConfirmation } from "../../../src/lib/server/mail/order-confirmation.ts";
import { getTenant } from "../../../src/lib/tenant/load.ts";

const museum = { id: "harbour-museum", slug: "harbour-museum", name: "Harbour Museum" };
const zoo = { id: "riverside-zoo", slug: "riverside-zoo", name: "Riverside Zoo" };

afterEach(() => {
  vi.unstubAllEnvs();
});

/** The brand header band of a mail's HTML: from its cell to the row of the mail's content. */
function header(html: string): string {
  const start = html.indexOf("<td data-brand-header");
  const end = html.indexOf('<tr><td style="padding:24px', start);
  if (start < 0 || end < 0) throw new Error("no brand header");
  return html.slice(start, end);
}

describe("the brand header: 'give mails a brand header with the tenant's name/logo and theme colour'", () => {
  it("the order confirmation opens with the museum's header: its primary colour, accent rule, letter mark and name", async () => {
    const mail = await buildOrderConfirmation({
      sellerId: museum.id,
      sellerName: museum.name,
      orderId: "o1",
      orderNumber: "HM-1001",
      totalText: "$40.00",
      to: "ada@example.test",
      firstName: "Ada",
      tickets: [],
    });
    const band = header(mail.html ?? "");
    expect(band).toContain("background-color:#0b4f6c");
    expect(band).toContain("border-bottom:4px solid #b5472e");
    expect(band).toMatch(/>H<\/td>/);
    expect(band).toContain(">Harbour Museum</td>");
    // The mail's own content follows the header, unchanged.
    expect(mail.html?.indexOf("data-brand-header")).toBeLessThan(
      mail.html?.indexOf("Your order number") ?? 0,
    );
    expect(mail.html).toContain("Your order number is <strong>HM-1001</strong>");
  });

  it("account mails wear their own tenant's brand: the zoo's green and its name", () => {
    const mail = passcodeMail(zoo, "ada@example.test", "ABC123", "http://127.0.0.1:4321");
    const band = header(mail.html ?? "");
    expect(band).toContain("background-color:#2d6a2e");
    expect(band).toContain(">Riverside Zoo</td>");
    expect(mail.html).toContain('<html lang="en-GB">');
    expect(mail.html).toContain("Your login code is ABC123.");
  });

  it("'inline-CSS safe for mail clients': no <style> element, no class, no script; the layout is tables", () => {
    const mail = passwordLinkMail(museum, "ada@example.test", "tok", "reset", "http://127.0.0.1:4321", 2);
    const html = mail.html ?? "";
    expect(html).not.toMatch(/<style|<script|\sclass=/i);
    expect(html).toContain('<table role="presentation"');
    expect(html).toContain("max-width:600px");
    // The font reaches the style attribute escaped: its quotes cannot end the attribute.
    expect(html).toContain("font-family:&#39;Source Sans 3&#39;, -apple-system,");
  });

  it("the mail is set in a sans-serif face: the tenant's body font, then the system sans-serif stack", () => {
    // Regression: the museum's mails were set in a Times-like serif (its theme's Georgia stack).
    const museumBrand = brandOf(getTenant("harbour-museum"), museum.name);
    expect(museumBrand.fontFamily).toBe(`'Source Sans 3', ${MAIL_FONT_STACK}`);
    expect(museumBrand.fontFamily).not.toMatch(/Georgia|Times|(^|[^-])serif/);
    const html = brandedMailHtml(museumBrand, "<p>Hi</p>");
    expect(html).not.toMatch(/font-family:[^;"]*Times/);
    // A sans-serif stack of the tenant's own is kept (the zoo's Trebuchet MS).
    expect(brandOf(getTenant("riverside-zoo"), zoo.name).fontFamily).toBe(
      "'Trebuchet MS', Verdana, sans-serif",
    );
    // No tenant file: the system stack.
    expect(brandOf(undefined, "Somewhere").fontFamily).toBe(MAIL_FONT_STACK);
    expect(mailFontFamily({ vars: { "font-body": "Georgia, serif" } })).toBe(MAIL_FONT_STACK);
  });

  it("'the plain-text part stays readable': no markup, the same lines as before", () => {
    const mail = passcodeMail(museum, "ada@example.test", "ABC123", "http://127.0.0.1:4321");
    expect(mail.text).not.toMatch(/[<>]/);
    expect(mail.text.split("\n")[0]).toBe(
      "Your login code is ABC123. It can be used once, within 10 minutes.",
    );
    expect(mail.text.trimEnd().endsWith("Harbour Museum")).toBe(true);
  });

  it("a seller without a tenant file gets its name on neutral colours; its name is escaped", () => {
    const mail = passcodeMail(
      { id: "x", slug: "no-such-tenant", name: "Bad <b>Seller</b>" },
      "ada@example.test",
      "ABC123",
      "http://127.0.0.1:4321",
    );
    const band = header(mail.html ?? "");
    expect(band).toContain("background-color:#1d2327");
    expect(band).toContain("Bad &lt;b&gt;Seller&lt;/b&gt;");
    expect(band).not.toContain("<b>");
  });
});

describe("the logo image: 'as an absolute URL from the configured origin'", () => {
  it("a tenant's relative logoUrl is made absolute on PUBLIC_URL and shown instead of the letter mark", () => {
    vi.stubEnv("PUBLIC_URL", "https://tickets.harbour.example");
    const tenant = getTenant("harbour-museum");
    if (!tenant) throw new Error("no demo tenant");
    const brand = brandOf(
      { ...tenant, theme: { ...tenant.theme, logoUrl: "/images/logo.png" } },
      tenant.name,
    );
    expect(brand.logoUrl).toBe("https://tickets.harbour.example/images/logo.png");
    const html = brandedMailHtml(brand, "<p>Hi</p>");
    expect(html).toContain('<img src="https://tickets.harbour.example/images/logo.png" alt="Harbour Museum"');
  });

  it("only http(s) logos are used", () => {
    expect(absoluteLogoUrl("javascript:alert(1)", "https://a.example")).toBeUndefined();
    expect(absoluteLogoUrl("data:image/png;base64,xx", "https://a.example")).toBeUndefined();
    expect(absoluteLogoUrl("https://cdn.example/logo.png", "https://a.example")).toBe(
      "https://cdn.example/logo.png",
    );
    expect(absoluteLogoUrl(undefined, "https://a.example")).toBeUndefined();
  });
});
