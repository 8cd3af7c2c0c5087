/**
 * "An order's e-mails follow the language it was bought in": the checkout keeps the call's language
 * (`_lang`) on the cart, the order copies it, and the confirmation mail (subject, text, HTML, links)
 * is written in it. An English order's mail is as it always was.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { withTestApi } from "../../helpers/api.ts";
import { send, TEST_CARD, upcomingSession, withRequiredCustomInfo } from "../../helpers/cart.ts";
import { call, HM, mailsTo } from "../auth-helpers.ts";

const api = withTestApi();
const GUEST = { first_name: "Ada", last_name: "Lovelace", email: "language-buyer@example.com" };

/**
 * Reserves one ticket at the seller, checks out as a guest with `lang` (none: no `_lang`); the cart
 * is made in `cartLang`, the checkout's language unless said.
 */
async function buyIn(seller: string, event: string, type: string, lang?: string, cartLang = lang) {
  const session = await upcomingSession(api, event, 2);
  const query = cartLang ? `&_lang=${cartLang}` : "";
  const created = await send(api, "POST", `/api/my/cart/modify?_seller=${seller}${query}`, {
    add: [{ ticket_type_id: type, event_session_id: session.id, quantity: 1 }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const cartId = (created.body.cart as { _data: Array<{ id: string }> })._data[0]?.id ?? "";
  const paid = await send(api, "POST", `/api/cart/${cartId}/guest_checkout${lang ? `?_lang=${lang}` : ""}`, {
    gateway_id: "test",
    identity: await withRequiredCustomInfo(api, cartId, GUEST),
    gateway_data: TEST_CARD,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const order = checkoutAnswer.parse(paid.body).ticket_order?._data[0];
  if (!order) throw new Error("no order");
  const [row] = await api.handle.db.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, order.id));
  const [mail] = await api.handle.db
    .select()
    .from(s.outbox)
    .where(and(eq(s.outbox.relatedId, order.id), eq(s.outbox.kind, "order_confirmation")));
  if (!row || !mail) throw new Error("no order or no confirmation mail");
  return { order: row, mail, number: order.order_number, cartId };
}

describe("a cart is made in the call's language, and its checkout's language wins", () => {
  it("a cart made with _lang=es is Spanish from its first hold; without _lang, or with a language the tenant lacks, the default", async () => {
    const session = await upcomingSession(api, "hm-general-admission", 3);
    const languageOfNewCart = async (query: string) => {
      const created = await send(api, "POST", `/api/my/cart/modify?_seller=harbour-museum${query}`, {
        add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 1 }],
      });
      const id = (created.body.cart as { _data: Array<{ id: string }> })._data[0]?.id ?? "";
      const [cart] = await api.handle.db.select().from(s.cart).where(eq(s.cart.id, id));
      return cart?.language;
    };
    expect(await languageOfNewCart("&_lang=es")).toBe("es");
    expect(await languageOfNewCart("")).toBe("en");
    expect(await languageOfNewCart("&_lang=cy")).toBe("en");
  });

  it("a cart made in English and paid with _lang=es is a Spanish order; one made in Spanish and paid without _lang is English", async () => {
    const spanish = await buyIn("harbour-museum", "hm-general-admission", "hm-ga-adult", "es", undefined);
    expect(spanish.order.language).toBe("es");
    expect(spanish.mail.text).toContain(`Gracias por su pedido. Su número de pedido es ${spanish.number}.`);
    const english = await buyIn("harbour-museum", "hm-general-admission", "hm-ga-adult", undefined, "es");
    expect(english.order.language).toBe("en");
    expect(english.mail.subject).toBe(`Your order ${english.number} with Harbour Museum`);
  });
});

describe("'An order's e-mails follow the language it was bought in'", () => {
  it("a checkout with _lang=es stores es on the order, and its confirmation speaks Spanish", async () => {
    const { order, mail, number } = await buyIn(
      "harbour-museum",
      "hm-general-admission",
      "hm-ga-adult",
      "es",
    );
    expect(order.language).toBe("es");
    expect(mail.subject).toMatch(new RegExp(`^Su pedido ${number} en `));
    expect(mail.text).toContain("Hola, Ada:");
    expect(mail.text).toContain(`Gracias por su pedido. Su número de pedido es ${number}.`);
    expect(mail.text).toContain("Sus boletos:");
    expect(mail.text).toContain("Muestre los códigos QR de sus boletos en la entrada.");
    expect(mail.text).toMatch(/Administrar su reserva: \S+\/harbour-museum\/es\/manage\//);
    expect(mail.text).toMatch(
      /Ver e imprimir sus boletos: \S+\/harbour-museum\/es\/checkout\/complete\/tickets/,
    );
    expect(mail.text).not.toContain("Thank you for your order");
    expect(mail.html).toContain(`Su número de pedido es <strong>${number}</strong>.`);
    expect(mail.html).toMatch(/<html lang="es-/);
    expect(mail.html).toContain(">Boleto<");
    // The catalogue's Spanish: the event and the ticket as the order's language names them.
    expect(mail.text).toContain("Entrada general");
    expect(mail.text).toContain("Adulto");
    expect(mail.text).not.toContain("General Admission");
  });

  it("a checkout with _lang=cy at the zoo: the order is cy, the mail Welsh, its links under /cy/", async () => {
    const { order, mail, number } = await buyIn("riverside-zoo", "rz-day-admission", "rz-day-adult", "cy");
    expect(order.language).toBe("cy");
    expect(mail.subject).toBe(`Eich archeb ${number} gyda Sw Glan yr Afon`);
    expect(mail.text).toContain(`Diolch am eich archeb. Rhif eich archeb yw ${number}.`);
    expect(mail.text).toContain("Eich tocynnau:");
    expect(mail.text).toMatch(/Rheoli eich archeb: \S+\/riverside-zoo\/cy\/manage\//);
    expect(mail.html).toMatch(/<html lang="cy-GB"/);
  });

  it("a checkout in Arabic (Sidra's default): the order is ar, the mail Arabic and right to left", async () => {
    const { order, mail, number } = await buyIn("sidra-science", "ss-entry", "ss-entry-adult", "ar");
    expect(order.language).toBe("ar");
    expect(mail.subject.startsWith(`طلبك ${number} لدى `)).toBe(true);
    expect(mail.text).toContain(`شكرًا لطلبك. رقم طلبك هو ${number}.`);
    expect(mail.text).toContain("تذاكرك:");
    // The default language's links stay unprefixed.
    expect(mail.text).toMatch(/\/sidra-science\/manage\//);
    expect(mail.html).toContain('dir="rtl"');
  });

  it("an English order's mail is unchanged: English words, unprefixed links", async () => {
    const { order, mail, number } = await buyIn("harbour-museum", "hm-general-admission", "hm-ga-adult");
    expect(order.language).toBe("en");
    expect(mail.subject).toBe(`Your order ${number} with Harbour Museum`);
    expect(
      mail.text.startsWith(
        `Hi Ada,\n\nThank you for your order. Your order number is ${number}.\n\nYour tickets:\n`,
      ),
    ).toBe(true);
    expect(mail.text).toContain("Show the QR codes of your tickets at the entrance.");
    expect(mail.text).toMatch(/Manage your booking: \S+\/harbour-museum\/manage\//);
    expect(mail.html).toContain(`Your order number is <strong>${number}</strong>.`);
    expect(mail.html).not.toContain('dir="rtl"');
  });

  it("Sidra in English (_lang=en): the mail is English, with the English name and /en/ links", async () => {
    const { order, mail, number } = await buyIn("sidra-science", "ss-entry", "ss-entry-adult", "en");
    expect(order.language).toBe("en");
    expect(mail.subject).toBe(`Your order ${number} with Sidra Science Centre`);
    expect(mail.text).toMatch(/\/sidra-science\/en\/manage\//);
  });
});

describe("account mails speak the API call's language", () => {
  it("a login code asked for with _lang=es: a Spanish mail whose link opens the Spanish login page", async () => {
    const asked = await call(api, "POST", "/api/login/request_otp?_seller=harbour-museum&_lang=es", {
      email: HM.user.email,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBeLessThan(300);
    const [mail] = await mailsTo(api, HM.user.email, "passcode");
    expect(mail?.subject).toMatch(/^Su código de inicio de sesión para Harbour Museum: /);
    expect(mail?.text).toMatch(/\/harbour-museum\/es\/login\?otp=/);
  });

  it("without _lang the same mail is English, as before", async () => {
    const before = (await mailsTo(api, HM.user.email, "passcode")).map((m) => m.id);
    await call(api, "POST", "/api/login/request_otp?_seller=harbour-museum", { email: HM.user.email });
    const mail = (await mailsTo(api, HM.user.email, "passcode")).find((m) => !before.includes(m.id));
    expect(mail?.subject).toMatch(/^Your login code for Harbour Museum: /);
    expect(mail?.text).toMatch(/\/harbour-museum\/login\?otp=/);
  });
});
