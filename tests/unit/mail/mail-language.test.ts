/**
 * "An order's e-mails follow the language it was bought in": the mail builders write in the
 * language of the tenant they are given (mail/mail-language.ts), their links at that language's
 * address; without one, or in English, they write exactly what they always wrote.
 */
import { describe, expect, it } from "vitest";
import { type CalendarSession, calendarEntries } from "../../../src/lib/domain/tickets/calendar.ts";
import { passcodeMail, passwordLinkMail } from "../../../src/lib/server/mail/account-mails.ts";
import { buildGiftCardMail } from "../../../src/lib/server/mail/gift-card.ts";
import { buildGiftMembershipMail } from "../../../src/lib/server/mail/gift-membership.ts";
import { mailLanguage, mailTenant, routeInLanguage } from "../../../src/lib/server/mail/mail-language.ts";
import { buildOrderConfirmation, ticketSeatText } from "../../../src/lib/server/mail/order-confirmation.ts";
import {
  renewalFailedMail,
  renewedMail,
} from "../../../src/lib/server/services/membership/renewal-job-mails.ts";
import { localizedTenant } from "../../../src/lib/tenant/languages.ts";
import { getTenant } from "../../../src/lib/tenant/load.ts";

const ORIGIN = "http://127.0.0.1:4321";
const museum = { id: "harbour-museum", slug: "harbour-museum", name: "Harbour Museum" };
const zoo = { id: "riverside-zoo", slug: "riverside-zoo", name: "Riverside Zoo" };

const order = (language?: string) => {
  const { tenant, locale } = mailLanguage("harbour-museum", language);
  return buildOrderConfirmation({
    sellerId: museum.id,
    sellerName: museum.name,
    orderId: "o1",
    orderNumber: "HM-1001",
    totalText: "$40.00",
    to: "ada@example.test",
    firstName: "Ada",
    tickets: [],
    manageUrl: `${ORIGIN}/harbour-museum/manage/o1?token=x`,
    locale,
    tenant,
  });
};

describe("mail-language: the tenant and the addresses of a mail's language", () => {
  it("null or a language the tenant doesn't offer is its default language", () => {
    expect(mailTenant("harbour-museum", null)?.language).toBe("en");
    expect(mailTenant("harbour-museum", "cy")?.language).toBe("en");
    expect(mailTenant("harbour-museum", "es")?.language).toBe("es");
    expect(mailTenant("sidra-science", null)?.language).toBe("ar");
  });

  it("a route keeps the default language's address, another language gets its segment", () => {
    expect(routeInLanguage(mailTenant("harbour-museum", "en"), "/login")).toBe("/login");
    expect(routeInLanguage(mailTenant("harbour-museum", "es"), "/login")).toBe("/es/login");
    expect(routeInLanguage(mailTenant("sidra-science", "en"), "/manage/o1")).toBe("/en/manage/o1");
    expect(routeInLanguage(undefined, "/login")).toBe("/login");
  });

  it("English amounts keep the formatter's default; another language formats in its own locale", () => {
    expect(mailLanguage("harbour-museum", "en").moneyLocale).toBeUndefined();
    expect(mailLanguage("harbour-museum", "es").moneyLocale).toBe("es-US");
    expect(mailLanguage("riverside-zoo", "cy").sellerName("Riverside Zoo")).toBe("Sw Glan yr Afon");
    expect(mailLanguage("riverside-zoo", "en").sellerName("Riverside Zoo")).toBe("Riverside Zoo");
  });
});

describe("the order confirmation in the order's language", () => {
  it("English: the same mail as without a language", async () => {
    const english = await order("en");
    const plain = await buildOrderConfirmation({
      sellerId: museum.id,
      sellerName: museum.name,
      orderId: "o1",
      orderNumber: "HM-1001",
      totalText: "$40.00",
      to: "ada@example.test",
      firstName: "Ada",
      tickets: [],
      manageUrl: `${ORIGIN}/harbour-museum/manage/o1?token=x`,
    });
    expect(english.subject).toBe("Your order HM-1001 with Harbour Museum");
    expect(english.text).toBe(plain.text);
    expect(english.html).toBe(plain.html);
    expect(english.text).toBe(
      [
        "Hi Ada,",
        "",
        "Thank you for your order. Your order number is HM-1001.",
        "",
        "Your tickets:",
        "",
        "Total: $40.00",
        "",
        "Show the QR codes of your tickets at the entrance.",
        "",
        `Manage your booking: ${ORIGIN}/harbour-museum/manage/o1?token=x`,
        "",
        "Harbour Museum",
      ].join("\n"),
    );
  });

  it("Spanish: subject, greeting, body and link words, the order number in bold in the HTML", async () => {
    const mail = await order("es");
    expect(mail.subject).toBe("Su pedido HM-1001 en Harbour Museum");
    expect(mail.text).toContain("Hola, Ada:\n\nGracias por su pedido. Su número de pedido es HM-1001.");
    expect(mail.text).toContain("Total: $40.00");
    expect(mail.text).toContain("Administrar su reserva: ");
    expect(mail.html).toContain("Su número de pedido es <strong>HM-1001</strong>.");
    expect(mail.html).toContain('<html lang="es-US">');
  });

  it("Arabic: the mail is marked right to left", async () => {
    const { tenant } = mailLanguage("sidra-science", "ar");
    const mail = await buildOrderConfirmation({
      sellerId: "sidra-science",
      sellerName: "مركز سدرة للعلوم",
      orderId: "o2",
      orderNumber: "SS-1",
      totalText: "KWD 2.500",
      to: "ada@example.test",
      firstName: null,
      tickets: [],
      tenant,
    });
    expect(mail.subject).toBe("طلبك SS-1 لدى مركز سدرة للعلوم");
    expect(mail.text.startsWith("مرحبًا،\n")).toBe(true);
    expect(mail.html).toMatch(/<html lang="ar-KW-u-nu-latn" dir="rtl">/);
  });
});

describe("the other mails in a language", () => {
  it("Welsh password reset: Welsh words, the hours, and the link at /cy/", () => {
    const words = mailTenant("riverside-zoo", "cy");
    const mail = passwordLinkMail({ ...zoo, words }, "ada@example.test", "tok", "reset", ORIGIN, 24);
    expect(mail.subject).toBe("Ailosodwch eich cyfrinair Riverside Zoo");
    expect(mail.text).toContain("Gellir defnyddio’r ddolen unwaith, o fewn 24 awr.");
    expect(mail.text).toContain(`${ORIGIN}/riverside-zoo/cy/user/reset-password?token=tok`);
  });

  it("English account mails are as before, one hour said in the singular", () => {
    const mail = passwordLinkMail(zoo, "ada@example.test", "tok", "setup", ORIGIN, 1);
    expect(mail.subject).toBe("Set a password for your Riverside Zoo account");
    expect(mail.text).toContain("The link can be used once, within 1 hour.");
    const code = passcodeMail(
      { ...museum, words: mailTenant("harbour-museum", "en") },
      "a@b.c",
      "ABC123",
      ORIGIN,
    );
    expect(code.subject).toBe("Your login code for Harbour Museum: ABC123");
    expect(code.text).toContain(`${ORIGIN}/harbour-museum/login?otp=ABC123`);
  });

  it("Arabic plurals: a passcode's minutes in the plural form Arabic takes, with Latin digits", () => {
    const mail = passcodeMail(
      {
        id: "sidra-science",
        slug: "sidra-science",
        name: "مركز سدرة للعلوم",
        words: mailTenant("sidra-science", "ar"),
      },
      "a@b.c",
      "ABC123",
      ORIGIN,
    );
    expect(mail.text).toContain("يمكن استخدامه مرة واحدة خلال 10 دقائق.");
    expect(mail.text).toContain(`${ORIGIN}/sidra-science/login?otp=ABC123`);
  });

  it("a Spanish gift card mail: Spanish words, the amount in the language's locale, the shop at /es/", () => {
    const mail = buildGiftCardMail({
      seller: { ...museum, currencyCode: "USD" },
      to: "grace@example.test",
      recipientName: "Grace",
      buyerName: null,
      number: "GC-1",
      balance: 2500,
      message: null,
      orderId: "o1",
      locale: "es-US",
      origin: ORIGIN,
      tenant: mailTenant("harbour-museum", "es"),
    });
    expect(mail.subject).toBe("Alguien le ha enviado una tarjeta de regalo de Harbour Museum por $25.00");
    expect(mail.text).toContain("Número de la tarjeta de regalo: GC-1");
    expect(mail.text).toContain(`${ORIGIN}/harbour-museum/es/events`);
  });

  it("the gift of membership: English keeps its article, Spanish has none", () => {
    const input = {
      seller: { ...museum, timezone: "America/New_York" },
      to: "g@example.test",
      gifteeFirstName: null,
      buyerName: "Ada",
      levelName: "Individual",
      code: "ABCDEFGHJK",
      validTo: new Date("2027-01-15T12:00:00Z"),
      orderId: "o1",
      origin: ORIGIN,
    };
    expect(buildGiftMembershipMail(input).text).toContain(
      "Ada has given you an Individual membership at Harbour Museum.",
    );
    const es = buildGiftMembershipMail({ ...input, tenant: mailTenant("harbour-museum", "es") });
    expect(es.text).toContain("Ada le ha regalado una membresía Individual en Harbour Museum.");
    expect(es.text).toContain(`${ORIGIN}/harbour-museum/es/membership/redeem?code=ABCDEFGHJK`);
  });

  it("renewal mails follow the membership's order's language; without one, the English as before", () => {
    const base = {
      seller: {
        id: "riverside-zoo",
        slug: "riverside-zoo",
        name: "Riverside Zoo",
        currencyCode: "GBP",
        timezone: "Europe/London",
      },
      to: "a@b.c",
      firstName: "Ada",
      level: "Dual",
      memberIds: ["M1"],
      card: null,
    };
    const english = renewedMail({
      ...base,
      orderNumber: "9",
      amount: 5000,
      validTo: new Date("2027-01-01T00:00:00Z"),
    });
    expect(english.subject).toBe("Your Dual membership has been renewed");
    expect(english.text).toContain("We charged £50.00. Your order number is 9.");
    const welsh = renewalFailedMail({ ...base, language: "cy", validTo: new Date("2027-01-01T00:00:00Z") });
    expect(welsh.subject).toBe("Nid oeddem yn gallu adnewyddu eich aelodaeth Dual");
    expect(welsh.text.startsWith("Helo Ada,\n")).toBe(true);
    expect(welsh.text.endsWith("Sw Glan yr Afon")).toBe(true);
  });
});

describe("the calendar file's entries in the order's language", () => {
  const session: CalendarSession = {
    eventSessionId: "s1",
    eventTemplateId: "rz-day-admission",
    eventName: "Day admission",
    start: new Date("2026-12-01T10:00:00Z"),
    end: new Date("2026-12-01T11:00:00Z"),
    timeZone: "Europe/London",
    venueName: "Riverside Zoo",
    venueAddress: null,
    tickets: 2,
  };
  const ctx = {
    orderId: "o1",
    orderNumber: "77",
    sellerSlug: "riverside-zoo",
    sellerName: "Sw Glan yr Afon",
    locale: "cy-GB",
    origin: ORIGIN,
  };

  it("without words, the English description and the default address; with them, the language's", () => {
    const [english] = calendarEntries([session], ctx);
    expect(english?.description).toMatch(/\. Order 77, 2 tickets\. Sw Glan yr Afon\.$/);
    expect(english?.url).toBe(`${ORIGIN}/riverside-zoo/events/rz-day-admission`);
    const [welsh] = calendarEntries([session], {
      ...ctx,
      language: "cy",
      describe: (p) => `${p.when}. Archeb ${p.orderNumber}, ${p.tickets} tocyn. ${p.sellerName}.`,
    });
    expect(welsh?.description).toMatch(/\. Archeb 77, 2 tocyn\. Sw Glan yr Afon\.$/);
    expect(welsh?.url).toBe(`${ORIGIN}/riverside-zoo/cy/events/rz-day-admission`);
  });
});

describe("a seated ticket's seat in the order's language", () => {
  it("'Section Stalls, Row B, Seat 12' in English, the tenant's Spanish words in Spanish", () => {
    const museum = getTenant("harbour-museum");
    if (!museum) throw new Error("demo tenant missing");
    const row = {
      seat: { name: "B12" },
      group: { name: "Stalls" },
      ticket: { admitName: null },
    } as unknown as Parameters<typeof ticketSeatText>[0];
    expect(ticketSeatText(row)).toBe("Section Stalls, Row B, Seat 12");
    expect(ticketSeatText(row, localizedTenant(museum, "es"))).toBe("Sección Stalls, Fila B, Asiento 12");
  });
});
