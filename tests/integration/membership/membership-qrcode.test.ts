/**
 * "Membership QR codes at `/api/membership/{id}/qrcode?margin=2`" (spec 2 §7): a PNG of
 * the member ID for the member or the buyer of the (guest) order, refused to a stranger, private
 * and never stored, and hostile input answered with 400.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ticketOrderEnvelope } from "../../../src/lib/api/checkout/client.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, loginIdentity, payAsGuest, send } from "../../helpers/cart.ts";

const api = withTestApi();
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function guestMembership() {
  const cart = cartOf(
    asCart(
      await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
        add: [{ ticket_type_id: "hm-membership-individual", quantity: 1 }],
      }),
    ),
  );
  const orderId = await payAsGuest(api, cart.id, {
    first_name: "Mary",
    last_name: "Anning",
    email: `qr-${randomUUID()}@example.com`,
    additional_info: { zip_code: "02139" },
  });
  const [m] = await api.handle.db.select().from(s.membership).where(eq(s.membership.ticketOrderId, orderId));
  if (!m) throw new Error("no membership");
  return m;
}

/** A membership of a user identity that came from no order (so only that user may read it). */
async function userMembership() {
  const owner = await loginIdentity(api);
  const id = randomUUID();
  const now = api.clock.now();
  await api.handle.db.insert(s.membership).values({
    id,
    sellerId: "harbour-museum",
    identityId: owner.identityId,
    scanCode: `HMQ${randomUUID().slice(0, 8)}`,
    role: "member",
    name: "Ada Lovelace",
    lastName: "Lovelace",
    validFrom: now,
    validTo: new Date(now.getTime() + 365 * 86_400_000),
  });
  return { id, owner };
}

const qr = (id: string, query = "?margin=2", cookie?: string) =>
  api.app.request(`/api/membership/${encodeURIComponent(id)}/qrcode${query}`, {
    headers: cookie ? { cookie } : {},
  });

describe("Membership QR codes at /api/membership/{id}/qrcode?margin=2", () => {
  it("the buyer of the guest order gets a PNG, private and not stored", async () => {
    const m = await guestMembership();
    const res = await qr(m.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual(PNG_SIGNATURE);
  });

  it("the margin changes the image (margin=0 and margin=10 differ)", async () => {
    const m = await guestMembership();
    const a = Buffer.from(await (await qr(m.id, "?margin=0")).arrayBuffer());
    const b = Buffer.from(await (await qr(m.id, "?margin=10")).arrayBuffer());
    expect(a.equals(b)).toBe(false);
  });

  it("a user's membership: the member gets a PNG, another user and an anonymous caller get 403", async () => {
    const { id, owner } = await userMembership();
    expect((await qr(id, "?margin=2", owner.cookie)).status).toBe(200);
    const stranger = await loginIdentity(api);
    const refused = await qr(id, "?margin=2", stranger.cookie);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).not.toBe("image/png");
    expect((await qr(id)).status).toBe(403);
  });

  it("a session of another seller is a stranger here", async () => {
    const { id } = await userMembership();
    const zoo = await loginIdentity(api, "riverside-zoo");
    expect((await qr(id, "?margin=2", zoo.cookie)).status).toBe(403);
  });

  it("an unknown id is 404", async () => {
    expect((await qr(randomUUID())).status).toBe(404);
  });

  it("GET ticket_order embeds the order's memberships for the completion page's member cards", async () => {
    const m = await guestMembership();
    const res = await send(api, "GET", `/api/ticket_order?id._in=${m.ticketOrderId}&_embed=membership`);
    expect(res.status).toBe(200);
    const env = ticketOrderEnvelope.parse(res.body);
    expect(env.membership?._data).toEqual([
      expect.objectContaining({
        id: m.id,
        scan_code: m.scanCode,
        name: "Mary Anning",
        ticket_order_id: m.ticketOrderId,
      }),
    ]);
  });

  it.each(["?margin=-1", "?margin=abc", "?margin=1.5", "?margin=999", "?margin=1e400"])(
    "hostile margin %s is 400",
    async (query) => {
      const m = await guestMembership();
      expect((await qr(m.id, query)).status).toBe(400);
    },
  );
});
