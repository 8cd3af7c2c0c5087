/**
 * The order
 * confirmation mail names the recipient and the message in the gift card's ticket line, in the text
 * and the HTML part (the message escaped), as the completion page does. The recipient's personal
 * data never reaches the log.
 */
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GIFT_RECIPIENT_KEYS } from "../../../src/lib/domain/gift-recipient.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { captureLogLines } from "../../../src/lib/server/log/logger.ts";
import { withTestApi } from "../../helpers/api.ts";
import { payAsGuest, send, upcomingSession } from "../../helpers/cart.ts";

const api = withTestApi();
const CREATE = "/api/my/cart/modify?_seller=harbour-museum";
const GIFT_GROUP = "hm-gift-card-cards";
const GUEST = { first_name: "Ada", last_name: "Lovelace", email: "gift-buyer@example.com" };
const MESSAGE = "Happy birthday! <b>Enjoy</b> & see you";

let logged: string[] = [];
let restore: () => void = () => {};
beforeEach(() => {
  logged = [];
  restore = captureLogLines((line) => logged.push(line));
});
afterEach(() => restore());

/** Books the cart as a guest and answers the order's confirmation mail. */
async function bookAndReadMail(add: unknown[], additionalInfo?: unknown) {
  const created = await send(api, "POST", CREATE, { add, ...(additionalInfo ? { additionalInfo } : {}) });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const cartId = (created.body.cart as { _data: Array<{ id: string }> })._data[0]?.id ?? "";
  const orderId = await payAsGuest(api, cartId, GUEST);
  const [mail] = await api.handle.db
    .select()
    .from(s.outbox)
    .where(and(eq(s.outbox.relatedId, orderId), eq(s.outbox.kind, "order_confirmation")));
  if (!mail) throw new Error("no confirmation mail queued");
  return mail;
}

describe("'The gift card has no recipient name, e-mail or message' (confirmation e-mail)", () => {
  it("the gift card's ticket line names the recipient and the message, escaped in the HTML part", async () => {
    const mail = await bookAndReadMail([{ ticket_type_id: "hm-gift-card-25" }], {
      [GIFT_GROUP]: {
        [GIFT_RECIPIENT_KEYS.name]: "Grace Hopper",
        [GIFT_RECIPIENT_KEYS.email]: "grace@example.test",
        [GIFT_RECIPIENT_KEYS.message]: MESSAGE,
      },
    });
    expect(mail.text).toMatch(
      /- Gift card - \$25 gift card.*\n {2}For Grace Hopper \(grace@example\.test\)\n/,
    );
    expect(mail.text).toContain(`  Message: ${MESSAGE}`);
    expect(mail.html).toContain("For Grace Hopper (grace@example.test)");
    expect(mail.html).toContain("Message: Happy birthday! &lt;b&gt;Enjoy&lt;/b&gt; &amp; see you");
    expect(mail.html).not.toContain("<b>Enjoy</b>");
    // "Personal data must not be logged": neither the recipient nor the message.
    expect(logged.join("\n")).not.toMatch(/Grace Hopper|grace@example\.test|Happy birthday/);
  });

  it("two gift cards for one recipient: each names the recipient, the message is said once", async () => {
    // Regression: the confirmation mail repeated the gift message in full under every gift card.
    const mail = await bookAndReadMail(
      [{ ticket_type_id: "hm-gift-card-25" }, { ticket_type_id: "hm-gift-card-50" }],
      {
        [GIFT_GROUP]: {
          [GIFT_RECIPIENT_KEYS.name]: "Grace Hopper",
          [GIFT_RECIPIENT_KEYS.message]: MESSAGE,
        },
      },
    );
    expect(mail.text.match(/For Grace Hopper/g)).toHaveLength(2);
    expect(mail.text.match(/Message: /g)).toHaveLength(1);
    expect(mail.html?.match(/For Grace Hopper/g)).toHaveLength(2);
    expect(mail.html?.match(/Message: Happy birthday!/g)).toHaveLength(1);
  });

  it("without a message, only the recipient line; other tickets name no recipient", async () => {
    const session = await upcomingSession(api, "hm-general-admission", 2);
    const mail = await bookAndReadMail(
      [
        { ticket_type_id: "hm-gift-card-50" },
        { ticket_type_id: "hm-ga-adult", event_session_id: session.id },
      ],
      { [GIFT_GROUP]: { [GIFT_RECIPIENT_KEYS.name]: "Alan Turing" } },
    );
    expect(mail.text.match(/For Alan Turing/g)).toHaveLength(1);
    expect(mail.text).not.toContain("Message:");
    expect(mail.text).toMatch(/\$50 gift card.*\n {2}For Alan Turing\n/);
    expect(mail.html).toContain("<br>For Alan Turing");
  });
});
