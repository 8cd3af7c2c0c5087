/**
 * Tickets in hand: the confirmation mail "built from the same data as the tickets page"
 * (a ticket block per ticket with its QR code as an inline image, the wallet buttons, the calendar
 * attachment), and the tickets page's data ("a cancelled ticket's QR code is not shown").
 * There is no QR decoder package here, so an inline image is checked to be the `qrcode` package's
 * rendering of the ticket's scan code, byte for byte.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TICKET_ORDER_EMBEDS, ticketOrderEnvelope } from "../../../src/lib/api/checkout/client.ts";
import { metaRecords } from "../../../src/lib/api/meta.ts";
import {
  cardInputsFromRead,
  MAIL_QR_LIMIT,
  ticketCards,
} from "../../../src/lib/domain/tickets/ticket-cards.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { buildOrderConfirmation, qrPng } from "../../../src/lib/server/mail/order-confirmation.ts";
import { loadOrderBundle } from "../../../src/lib/server/services/checkout/orders.ts";
import { ticketMailExtras } from "../../../src/lib/server/services/ticket-cards/links.ts";
import { withTestApi } from "../../helpers/api.ts";
import { type TicketOrderFixture, ticketOrder } from "../tickets/tickets-helpers.ts";

const api = withTestApi();
const HM = "harbour-museum";
const ORIGIN = "http://127.0.0.1:4321";

let fixture: TicketOrderFixture | undefined;
async function order(): Promise<TicketOrderFixture> {
  fixture ??= await ticketOrder(api);
  return fixture;
}

async function mailedConfirmation(o: TicketOrderFixture) {
  await api.handle.db
    .update(s.identity)
    .set({ email: "ada@example.test", firstName: "Ada" })
    .where(eq(s.identity.id, o.identityId));
  const res = await api.app.request(`/api/ticket_order/${o.orderId}/email?_seller=${HM}`, {
    method: "POST",
    headers: { cookie: o.cookie },
  });
  expect(res.status, await res.clone().text()).toBe(204);
  const mails = await api.handle.db.select().from(s.outbox).where(eq(s.outbox.relatedId, o.orderId));
  const mail = mails.at(-1);
  if (!mail) throw new Error("no mail");
  return mail;
}

describe("the confirmation mail's tickets", () => {
  it("'a ticket block per ticket, with its QR code as an inline image': one PNG per admitting ticket, the scan code's own QR rendering; none for the cancelled ticket or the donation", async () => {
    const o = await order();
    const mail = await mailedConfirmation(o);
    const images = mail.attachments.filter((a) => a.contentType === "image/png");
    const admitting = [o.tickets.admission, o.tickets.seated, o.tickets.pass];
    expect(images).toHaveLength(admitting.length);
    for (const ticket of admitting) {
      const expected = (await qrPng(ticket.scanCode)).toString("base64");
      const image = images.find((a) => a.base64 === expected);
      expect(image, `QR of ${ticket.scanCode}`).toBeDefined();
      expect(mail.html).toContain(`src="cid:${image?.cid}"`);
      expect(mail.text).toContain(`Ticket code: ${ticket.scanCode}`);
    }
    for (const absent of [o.tickets.cancelled, o.tickets.donation]) {
      const png = (await qrPng(absent.scanCode)).toString("base64");
      expect(images.some((a) => a.base64 === png)).toBe(false);
    }
    expect((mail.html.match(/data-ticket-block/g) ?? []).length).toBe(admitting.length);
    // Plain text: every block names its event, date in 'ddd, MMMM D YYYY' and the ticket type.
    expect(mail.text).toMatch(/Date: \w{3}, \w+ \d{1,2} \d{4} at \d{1,2}:\d{2} [AP]M/);
    expect(mail.text).toContain("Seat: Section Stalls, Row B, Seat 12");
  });

  it("'the calendar attachment': an .ics with one event per session of the order, in the venue's time zone", async () => {
    const o = await order();
    const mail = await mailedConfirmation(o);
    const calendar = mail.attachments.find((a) => a.contentType.startsWith("text/calendar"));
    expect(calendar?.filename).toBe(`order-${o.orderNumber}.ics`);
    const ics = Buffer.from(calendar?.base64 ?? "", "base64").toString("utf8");
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).toContain("X-WR-TIMEZONE:America/New_York");
    expect((ics.match(/BEGIN:VEVENT/g) ?? []).length).toBe(2);
    expect(mail.html).not.toContain(`cid:${calendar?.cid}`);
  });

  it("'the wallet buttons' link the ticket's passes with the order's token, and the link works without an account; the tickets page is linked", async () => {
    const o = await order();
    const mail = await mailedConfirmation(o);
    const pkpass = new RegExp(`${o.tickets.admission.id}/pkpass\\?token=([^"\\s&]+)`).exec(mail.html);
    expect(pkpass, "Add to Apple Wallet link").not.toBeNull();
    expect(mail.html).toContain("Add to Apple Wallet");
    expect(mail.html).toContain(`/api/ticket/${o.tickets.admission.id}/gwpass?token=`);
    expect(mail.text).toContain(`Add to Apple Wallet: `);
    expect(mail.html).not.toContain(`/api/ticket/${o.tickets.cancelled.id}/pkpass`);
    const res = await api.app.request(
      `/api/ticket/${o.tickets.admission.id}/walletprecheck?token=${pkpass?.[1] ?? ""}`,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      wallet_precheck: [
        { provider: "apple", ok: true },
        { provider: "google", ok: true },
      ],
    });
    expect(mail.text).toContain(`/checkout/complete/tickets?orderIds=${o.orderId}`);
  });

  it(`keeps the mail small: at most ${MAIL_QR_LIMIT} inline QR images, the rest on the tickets page`, async () => {
    const o = await order();
    const bundle = await loadOrderBundle(api.handle.db, [o.orderId]);
    const [row] = bundle.orders;
    const admission = bundle.tickets.find((t) => t.ticket.id === o.tickets.admission.id);
    if (!row || !admission) throw new Error("no order");
    const many = Array.from({ length: 25 }, (_, i) => ({
      ...admission,
      ticket: { ...admission.ticket, id: `${admission.ticket.id}-${i}` },
      scanCode: `MANY${i}`,
    }));
    const mail = await buildOrderConfirmation({
      sellerId: HM,
      sellerName: "Harbour Museum",
      orderId: row.id,
      orderNumber: row.orderNumber,
      totalText: "$0.00",
      to: "ada@example.test",
      firstName: "Ada",
      tickets: many,
      inHand: await ticketMailExtras(api.handle.db, row, HM, api.clock.now(), ORIGIN),
    });
    expect(mail.attachments?.filter((a) => a.contentType === "image/png")).toHaveLength(MAIL_QR_LIMIT);
    expect((mail.html.match(/data-ticket-block/g) ?? []).length).toBe(25);
    expect(mail.html).toContain("the QR codes of 5 more tickets are there");
    expect(mail.html).toContain(`${ORIGIN}/${HM}/checkout/complete/tickets?orderIds=${row.id}`);
  });
});

describe("the tickets page's data", () => {
  it("'a cancelled ticket's QR code is not shown': its card says Cancelled; the donation has no card", async () => {
    const o = await order();
    const res = await api.app.request(
      `/api/ticket_order?_seller=${HM}&id._in=${o.orderId}&_embed=${TICKET_ORDER_EMBEDS.join(",")}`,
      { headers: { cookie: o.cookie } },
    );
    expect(res.status).toBe(200);
    const read = ticketOrderEnvelope.parse(await res.json());
    const cards = ticketCards(cardInputsFromRead(read, "America/New_York"), api.clock.now(), "en-US");
    const byId = new Map(cards.map((c) => [c.ticketId, c]));
    expect(byId.has(o.tickets.donation.id)).toBe(false);
    expect(byId.get(o.tickets.cancelled.id)).toMatchObject({
      state: "Cancelled",
      showQr: false,
      walletEligible: false,
    });
    for (const ticket of [o.tickets.admission, o.tickets.seated, o.tickets.pass]) {
      expect(byId.get(ticket.id)).toMatchObject({ showQr: true, scanCode: ticket.scanCode, state: null });
    }
    expect(byId.get(o.tickets.seated.id)?.seat).toEqual({ name: "B12", section: expect.any(String) });
  });
});

describe("GET ticket_order with _embed=meta (the completion page's seller content)", () => {
  it("'Seller meta: completed_order_message, completed_order_links, completed_image, ...' come as the seller's meta row, only when asked for", async () => {
    const o = await order();
    const path = `/api/ticket_order?_seller=${HM}&id._in=${o.orderId}`;
    const withMeta = ticketOrderEnvelope.parse(
      await (await api.app.request(`${path}&_embed=ticket,meta`, { headers: { cookie: o.cookie } })).json(),
    );
    const seller = metaRecords(withMeta.meta?._data).find((m) => m.resource === "seller");
    expect(seller?.resource_id).toBe(HM);
    expect(seller?.completed_order_message).toEqual(expect.stringContaining("Harbour Museum"));
    expect(seller?.completed_image).toBe("harbour-museum/special-exhibition-cover.jpg");
    const without = ticketOrderEnvelope.parse(
      await (await api.app.request(`${path}&_embed=ticket`, { headers: { cookie: o.cookie } })).json(),
    );
    expect(without.meta).toBeUndefined();
  });
});
