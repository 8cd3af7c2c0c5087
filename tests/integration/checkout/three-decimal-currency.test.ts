/**
 * A seller in a three-decimal currency (KWD: 1000 fils to the dinar): a ticket priced 2500 minor
 * units is KWD 2.500, so the payment takes 2500 minor units (×1000, not ×100) and the confirmation
 * mail reads "KWD 2.500"-style amounts, never "25.00". Harbour Museum is switched to KWD in a copy of
 * the content folder (its tenant file) and in its seller row (the seeded snapshot says USD).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cartEnvelope } from "../../../src/lib/api/cart/schemas.ts";
import { formatMoney } from "../../../src/lib/domain/money.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { withTestApi } from "../../helpers/api.ts";
import { payAsGuest, send, upcomingSession } from "../../helpers/cart.ts";

const content = mkdtempSync(join(tmpdir(), "foyer-kwd-"));
cpSync(join(process.cwd(), "src", "content"), content, { recursive: true });
const harbourFile = join(content, "tenants", "harbour-museum.json");
const harbour = JSON.parse(readFileSync(harbourFile, "utf8")) as { portal: Record<string, unknown> };
harbour.portal.default_currency_code = "KWD";
writeFileSync(harbourFile, JSON.stringify(harbour));
vi.stubEnv("CONTENT_DIR", content);

const api = withTestApi();
const GUEST = { first_name: "Ada", last_name: "Lovelace", email: "kwd@example.com" };

beforeAll(async () => {
  const db = api.handle.db;
  await db.update(s.seller).set({ currencyCode: "KWD" }).where(eq(s.seller.slug, "harbour-museum"));
  // KWD 2.500, a fixed fee of KWD 0.150 and 2.5 % (62.5 fils, rounded once to 63).
  await db
    .update(s.ticketType)
    .set({ currencyAmount: 2500, feeFixedOutside: 150, feePercentOutside: 250, tierAmounts: null })
    .where(eq(s.ticketType.id, "hm-ga-adult"));
});

afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(content, { recursive: true, force: true });
});

describe("a guest checkout in KWD: minor units are thousandths of a dinar everywhere", () => {
  it("the payment takes 2713 minor units and the mail says KWD 2.713, never 27.13", async () => {
    const session = await upcomingSession(api, "hm-general-admission", 2);
    const created = await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
      add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const cartId = cartEnvelope.parse(created.body).cart._data[0]?.id ?? "";
    const orderId = await payAsGuest(api, cartId, GUEST);

    const db = api.handle.db;
    const [order] = await db.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, orderId));
    expect(order?.total).toBe(2713);
    const payments = await db.select().from(s.payment).where(eq(s.payment.cartId, cartId));
    expect(payments.map((p) => p.amount)).toEqual([2713]);

    const [mail] = await db.select().from(s.outbox).where(eq(s.outbox.relatedId, orderId));
    const total = formatMoney(2713, "KWD");
    expect(total).toBe("KWD\u00a02.713");
    expect(mail?.text).toContain(`Subtotal: ${formatMoney(2500, "KWD")}`);
    expect(mail?.text).toContain(`Fees: ${formatMoney(213, "KWD")}`);
    expect(mail?.text).toContain(`Total: ${total}`);
    expect(mail?.text).not.toMatch(/27\.13|25\.00/);
    expect(mail?.html).toContain("2.713");
  });
});
