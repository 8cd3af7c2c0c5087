/**
 * Bought gift cards are delivered: "Someone must receive a usable card: the recipient gets a mail
 * with the number, the balance and the message; the buyer's confirmation says to whom it went."
 * Completing twice never issues two cards, and the recipient's e-mail is validated on the server.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import { GIFT_RECIPIENT_KEYS } from "../../../src/lib/domain/gift-recipient.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { completeOrderFulfilment } from "../../../src/lib/server/services/checkout/fulfil.ts";
import { withTestApi } from "../../helpers/api.ts";
import {
  asCart,
  cartOf,
  errorOf,
  payAsGuest,
  send,
  setSessionCapacity,
  TEST_CARD,
  upcomingSession,
} from "../../helpers/cart.ts";

const api = withTestApi();
const CREATE = "/api/my/cart/modify?_seller=harbour-museum";
const GIFT_GROUP = "hm-gift-card-cards";
const BUYER = { first_name: "Bea", last_name: "Buyer", email: "bea@example.test" };
const MESSAGE = "Happy birthday, Ann! <3";

const recipient = (email: string) => ({
  [GIFT_GROUP]: {
    [GIFT_RECIPIENT_KEYS.name]: "Ann Smith",
    [GIFT_RECIPIENT_KEYS.email]: email,
    [GIFT_RECIPIENT_KEYS.message]: MESSAGE,
  },
});

async function buyTwoFiftyDollarCards() {
  const created = await send(api, "POST", CREATE, {
    add: [{ ticket_type_id: "hm-gift-card-50", quantity: 2 }],
    additionalInfo: recipient("ann@example.test"),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const orderId = await payAsGuest(api, cartOf(asCart(created)).id, BUYER);
  expect(orderId).not.toBe("");
  return orderId;
}

const mailsOf = (orderId: string) =>
  api.handle.db.select().from(s.outbox).where(eq(s.outbox.relatedId, orderId));

describe("'Bought gift cards are never delivered'", () => {
  it("each bought card is issued and mailed to the recipient with its number, balance and message; the number pays at checkout", async () => {
    // Regression: two $50 gift cards for ann@example.test were paid, and no card reached anyone.
    const orderId = await buyTwoFiftyDollarCards();
    const mails = await mailsOf(orderId);
    const toAnn = mails.filter((m) => m.kind === "gift_card");
    expect(toAnn).toHaveLength(2);
    const numbers = toAnn.map((mail) => {
      expect(mail.toAddress).toBe("ann@example.test");
      expect(mail.text).toContain("Hi Ann Smith,");
      expect(mail.text).toContain("Balance: $50.00");
      expect(mail.text).toContain(MESSAGE);
      expect(mail.html).toContain("Happy birthday, Ann! &lt;3");
      const number = mail.text.match(/Gift card number: (\S+)/)?.[1] ?? "";
      expect(number).toMatch(/^GC-[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$/);
      return number;
    });
    expect(new Set(numbers).size).toBe(2);

    // The buyer's confirmation says to whom the cards went, and never shows their numbers.
    const confirmation = mails.find((m) => m.kind === "order_confirmation");
    expect(confirmation?.toAddress).toBe("bea@example.test");
    expect(confirmation?.text).toContain("For Ann Smith (ann@example.test)");
    expect(confirmation?.text).toContain("The gift card number is e-mailed to ann@example.test.");
    for (const number of numbers) {
      expect(confirmation?.text).not.toContain(number);
      expect(confirmation?.html).not.toContain(number);
    }

    // The number is a real gift card of the bought balance, redeemable at checkout.
    const [card] = await api.handle.db
      .select()
      .from(s.ledger)
      .where(and(eq(s.ledger.sellerId, "harbour-museum"), eq(s.ledger.number, numbers[0] ?? "")));
    expect(card).toMatchObject({ type: "gift_card", balance: 5000, state: "active" });
    const looked = await send(api, "GET", `/api/ledger/gift_card/${numbers[0]}?_seller=harbour-museum`);
    expect(looked.status).toBe(200);
    const session = await upcomingSession(api, "hm-general-admission", 4);
    await setSessionCapacity(api, session.id, 60, 0);
    const visit = cartOf(
      asCart(
        await send(api, "POST", CREATE, {
          add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 1 }],
        }),
      ),
    );
    const paid = await send(api, "POST", `/api/cart/${visit.id}/pay`, {
      gateway_id: "ledger",
      gateway_data: { number: numbers[0] },
      amount: "20.00",
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [after] = await api.handle.db
      .select()
      .from(s.ledger)
      .where(eq(s.ledger.id, card?.id ?? ""));
    expect(after?.balance).toBe(3000);
  });

  it("completing the order again (a retry, a late webhook) issues and mails no second card", async () => {
    const orderId = await buyTwoFiftyDollarCards();
    const [order] = await api.handle.db.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, orderId));
    if (!order) throw new Error("no order");
    await api.handle.db.transaction((tx) => completeOrderFulfilment(tx, order, new Date(order.createdAt)));
    const giftMails = (await mailsOf(orderId)).filter((m) => m.kind === "gift_card");
    expect(giftMails).toHaveLength(2);
    const tickets = await api.handle.db.select().from(s.ticket).where(eq(s.ticket.ticketOrderId, orderId));
    const cards = await api.handle.db.select().from(s.ledger).where(eq(s.ledger.sellerId, "harbour-museum"));
    expect(cards.filter((c) => tickets.some((t) => c.id === `gift-card-${t.id}`))).toHaveLength(2);
  });

  it("a pending payment confirmed later issues the cards then, once (the pending-order path)", async () => {
    const created = await send(api, "POST", CREATE, {
      add: [{ ticket_type_id: "hm-gift-card-100" }],
      additionalInfo: recipient("ann.pending@example.test"),
    });
    const cartId = cartOf(asCart(created)).id;
    const checkout = (gatewayData: Record<string, unknown>) =>
      send(api, "POST", `/api/cart/${cartId}/guest_checkout`, {
        gateway_id: "test",
        identity: BUYER,
        gateway_data: gatewayData,
      });
    const pending = checkoutAnswer.parse((await checkout({ ...TEST_CARD, exp_year: 2099 })).body);
    const result = pending.checkout_result._data[0];
    expect(result?.status).toBe("pending");
    const orderId = result?.ticket_order_ids[0] ?? "";
    expect((await mailsOf(orderId)).filter((m) => m.kind === "gift_card")).toHaveLength(0);
    const done = await checkout({ payment_intent_id: result?.reference ?? "" });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // The same confirmation again finds the order completed (409 cart_booked) and issues nothing.
    expect((await checkout({ payment_intent_id: result?.reference ?? "" })).status).toBe(409);
    const giftMails = (await mailsOf(orderId)).filter((m) => m.kind === "gift_card");
    expect(giftMails).toHaveLength(1);
    expect(giftMails[0]?.toAddress).toBe("ann.pending@example.test");
    expect(giftMails[0]?.text).toContain("Balance: $100.00");
  });

  it("without a recipient e-mail the card goes to the buyer, so someone can use it", async () => {
    const created = await send(api, "POST", CREATE, {
      add: [{ ticket_type_id: "hm-gift-card-25" }],
      additionalInfo: { [GIFT_GROUP]: { [GIFT_RECIPIENT_KEYS.name]: "Alan Turing" } },
    });
    const orderId = await payAsGuest(api, cartOf(asCart(created)).id, BUYER);
    const [mail] = (await mailsOf(orderId)).filter((m) => m.kind === "gift_card");
    expect(mail?.toAddress).toBe("bea@example.test");
    expect(mail?.text).toContain("Balance: $25.00");
  });

  it.each(["not-an-email", "bob@"])(
    "the recipient's e-mail %j is refused (400, the tenant's words)",
    async (email) => {
      const refused = await send(api, "POST", CREATE, {
        add: [{ ticket_type_id: "hm-gift-card-50" }],
        additionalInfo: recipient(email),
      });
      expect(refused.status).toBe(400);
      expect(errorOf(refused)._description).toBe("Enter a valid e-mail address.");
      expect(errorOf(refused)._extra).toMatchObject({
        field: `additionalInfo.${GIFT_GROUP}.${GIFT_RECIPIENT_KEYS.email}`,
      });
    },
  );
});
