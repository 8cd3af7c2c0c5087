/**
 * My account orders and upcoming tickets (spec 2 §3, §4, §7): GET my/ticket_order,
 * GET my/order_session and POST ticket_order/{id}/email over the seeded demo user's orders (a past
 * visit with a refund, an upcoming visit, a membership on a payment plan with an overdue
 * instalment), and the ownership matrix: two users, two guests and two tenants read and write only
 * their own orders and sessions (0 cross reads, 0 cross writes).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, eq, gte } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { myOrderEnvelope, orderSessionAnswer } from "../../../src/lib/api/account/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { accountDemoOrderId } from "../../../src/lib/server/db/seed/account-demo.ts";
import { hashSessionToken, SESSION_COOKIE } from "../../../src/lib/server/services/identity/identity.ts";
import { TEST_NOW, withTestApi } from "../../helpers/api.ts";
import { send } from "../../helpers/cart.ts";

const api = withTestApi();
const HM = "harbour-museum";
const RZ = "riverside-zoo";

/** A session cookie for an identity (made here when `kind` is given). */
async function sessionFor(identityId: string, sellerId: string, kind?: "user" | "guest") {
  const now = api.clock.now();
  if (kind) {
    await api.handle.db.insert(s.identity).values({
      id: identityId,
      sellerId,
      kind,
      email: `${identityId}@example.com`,
      firstName: "Test",
      createdAt: now,
    });
  }
  const token = randomBytes(24).toString("base64url");
  await api.handle.db.insert(s.authSession).values({
    tokenHash: hashSessionToken(token),
    identityId,
    sellerId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 3_600_000),
  });
  return `${SESSION_COOKIE}=${token}`;
}

/** One booked order of two tickets on the first admission session 3+ days ahead. */
async function orderFor(identityId: string, sellerId: string) {
  const event = sellerId === HM ? "hm-general-admission" : "rz-day-admission";
  const group = sellerId === HM ? "hm-ga-general" : "rz-day-general";
  const type = sellerId === HM ? "hm-ga-adult" : "rz-day-adult";
  const [session] = await api.handle.db
    .select()
    .from(s.eventSession)
    .where(
      and(
        eq(s.eventSession.eventTemplateId, event),
        gte(s.eventSession.startDatetime, new Date(TEST_NOW.getTime() + 3 * 86_400_000)),
      ),
    )
    .orderBy(asc(s.eventSession.startDatetime))
    .limit(1);
  if (!session) throw new Error("no session");
  const id = randomUUID();
  const cartId = randomUUID();
  const number = String(700_000_000 + Math.floor(Math.random() * 99_999_999));
  const now = api.clock.now();
  await api.handle.db.insert(s.cart).values({
    id: cartId,
    sellerId,
    cartNumber: number,
    state: "booked",
    identityId,
    createdAt: now,
    ticketOrderId: id,
  });
  await api.handle.db.insert(s.ticketOrder).values({
    id,
    sellerId,
    orderNumber: number,
    identityId,
    cartId,
    state: "completed",
    guest: false,
    createdAt: now,
    total: 5000,
  });
  for (const i of [1, 2]) {
    await api.handle.db.insert(s.ticket).values({
      id: `${id}-t${i}`,
      sellerId,
      cartId,
      state: "booked",
      ticketTypeId: type,
      ticketGroupId: group,
      eventTemplateId: event,
      eventSessionId: session.id,
      faceValue: 2500,
      admitName: `Holder ${i}`,
      ticketOrderId: id,
      createdAt: new Date(now.getTime() + i),
    });
  }
  return { orderId: id, sessionId: session.id };
}

const get = (path: string, cookie?: string) => send(api, "GET", path, undefined, cookie ? { cookie } : {});

describe("GET my/ticket_order (spec 2 §7: id._in, embed ticket, ticket_type, ticket_group)", () => {
  it("'/my/orders: recent orders, newest first', the caller's own only, private, no-store", async () => {
    const cookie = await sessionFor("hm-demo-user", HM);
    const res = await get(
      `/api/my/ticket_order?_seller=${HM}&_embed=ticket,ticket_type,ticket_group`,
      cookie,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const body = myOrderEnvelope.parse(res.body);
    const orders = body.ticket_order._data;
    expect(orders.every((o) => o.identity_id === "hm-demo-user")).toBe(true);
    const times = orders.map((o) => Date.parse(o.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(orders.map((o) => o.id)).toEqual(
      expect.arrayContaining([
        accountDemoOrderId("hm", "past"),
        accountDemoOrderId("hm", "upcoming"),
        accountDemoOrderId("hm", "plan"),
      ]),
    );
    expect(body.ticket?._count).toBeGreaterThan(0);
    expect(body.ticket_type?._count).toBeGreaterThan(0);
    expect(body.ticket_group?._count).toBeGreaterThan(0);
  });

  it("id._in narrows to those of the caller's orders; more than 50 ids is a 400", async () => {
    const cookie = await sessionFor("hm-demo-user", HM);
    const past = accountDemoOrderId("hm", "past");
    const res = await get(`/api/my/ticket_order?_seller=${HM}&id._in=${past},nope`, cookie);
    expect(myOrderEnvelope.parse(res.body).ticket_order._data.map((o) => o.id)).toEqual([past]);
    const many = Array.from({ length: 51 }, (_, i) => `x${i}`).join(",");
    expect((await get(`/api/my/ticket_order?_seller=${HM}&id._in=${many}`, cookie)).status).toBe(400);
  });

  it("'Payment audit actions: capture (shown Paid), refund (Refund)' and 'Scheduled payment: Upcoming when due is in the future, else Overdue'", async () => {
    const cookie = await sessionFor("hm-demo-user", HM);
    const ids = [accountDemoOrderId("hm", "past"), accountDemoOrderId("hm", "plan")].join(",");
    const res = await get(
      `/api/my/ticket_order?_seller=${HM}&id._in=${ids}&_embed=payment_audit,scheduled_payment`,
      cookie,
    );
    const body = myOrderEnvelope.parse(res.body);
    const audit = body.payment_audit?._data ?? [];
    expect(
      audit.filter((a) => a.ticket_order_id === accountDemoOrderId("hm", "past")).map((a) => a.action),
    ).toEqual(["capture", "refund"]);
    const plan = (body.scheduled_payment?._data ?? []).map((p) => p.status);
    expect(plan).toEqual(["Paid", "Overdue", "Upcoming"]);
  });

  it("not logged in, or logged in at another seller: 401", async () => {
    expect((await get(`/api/my/ticket_order?_seller=${HM}`)).status).toBe(401);
    const zoo = await sessionFor("rz-demo-user", RZ);
    expect((await get(`/api/my/ticket_order?_seller=${HM}`, zoo)).status).toBe(401);
  });
});

describe("GET my/order_session (spec 2 §7: answer search_result)", () => {
  it("'/my/upcoming: upcoming sessions ... (event, date and time, tickets, order number), soonest first'", async () => {
    const cookie = await sessionFor("hm-demo-user", HM);
    const res = await get(`/api/my/order_session?_seller=${HM}`, cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const rows = orderSessionAnswer.parse(res.body).search_result._data;
    const upcoming = rows.find((r) => r.ticket_order_id === accountDemoOrderId("hm", "upcoming"));
    expect(upcoming).toMatchObject({
      num_tickets: 2,
      event_name: expect.any(String),
      order_number: "900000312",
    });
    expect(rows.every((r) => Date.parse(r.start_datetime) >= TEST_NOW.getTime())).toBe(true);
    const starts = rows.map((r) => Date.parse(r.start_datetime));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it("when=past leaves upcoming sessions out; event_session_id._in narrows to one session", async () => {
    const cookie = await sessionFor("hm-demo-user", HM);
    const past = orderSessionAnswer.parse(
      (await get(`/api/my/order_session?_seller=${HM}&when=past`, cookie)).body,
    ).search_result._data;
    expect(past.every((r) => Date.parse(r.start_datetime) < TEST_NOW.getTime())).toBe(true);
    const all = orderSessionAnswer.parse(
      (await get(`/api/my/order_session?_seller=${HM}&when=all`, cookie)).body,
    ).search_result._data;
    const sessionId = all.find(
      (r) => r.ticket_order_id === accountDemoOrderId("hm", "upcoming"),
    )?.event_session_id;
    if (!sessionId) throw new Error("no upcoming session");
    const one = orderSessionAnswer.parse(
      (await get(`/api/my/order_session?_seller=${HM}&when=all&event_session_id._in=${sessionId}`, cookie))
        .body,
    ).search_result._data;
    expect(one.map((r) => r.event_session_id)).toEqual([sessionId]);
  });
});

describe("POST ticket_order/{id}/email (spec 2 §7: log_context order_update or order_cancel, or empty)", () => {
  it("an empty body resends the order's confirmation to its owner; log_context is kept as the mail kind", async () => {
    const cookie = await sessionFor("hm-demo-user", HM);
    const id = accountDemoOrderId("hm", "upcoming");
    const plain = await api.app.request(`/api/ticket_order/${id}/email?_seller=${HM}`, {
      method: "POST",
      headers: { cookie },
    });
    expect(plain.status).toBe(204);
    const update = await send(
      api,
      "POST",
      `/api/ticket_order/${id}/email?_seller=${HM}`,
      { log_context: "order_update" },
      { cookie },
    );
    expect(update.status).toBe(204);
    const mails = await api.handle.db.select().from(s.outbox).where(eq(s.outbox.relatedId, id));
    expect(mails.map((m) => m.kind).sort()).toEqual(["order_update", "resend"]);
    expect(mails.every((m) => m.toAddress === "demo@harbour-museum.example")).toBe(true);
    const bad = await send(
      api,
      "POST",
      `/api/ticket_order/${id}/email?_seller=${HM}`,
      { log_context: "x" },
      { cookie },
    );
    expect(bad.status).toBe(400);
  });
});

describe("ownership matrix: two users, two guests and two tenants (0 cross reads, 0 cross writes)", () => {
  it("each caller sees only their own orders and sessions; another's order id is 404 and sends nothing", async () => {
    const callers = [
      { id: `u1-${randomUUID()}`, seller: HM, kind: "user" as const },
      { id: `u2-${randomUUID()}`, seller: HM, kind: "user" as const },
      { id: `g1-${randomUUID()}`, seller: HM, kind: "guest" as const },
      { id: `g2-${randomUUID()}`, seller: HM, kind: "guest" as const },
      { id: `z1-${randomUUID()}`, seller: RZ, kind: "user" as const },
      { id: `z2-${randomUUID()}`, seller: RZ, kind: "guest" as const },
    ];
    const made = [];
    for (const c of callers) {
      const cookie = await sessionFor(c.id, c.seller, c.kind);
      made.push({ ...c, cookie, ...(await orderFor(c.id, c.seller)) });
    }
    let crossReads = 0;
    let crossWrites = 0;
    for (const me of made) {
      const slug = me.seller;
      const mine = myOrderEnvelope.parse(
        (await get(`/api/my/ticket_order?_seller=${slug}&_embed=ticket`, me.cookie)).body,
      );
      expect(mine.ticket_order._data.map((o) => o.id)).toEqual([me.orderId]);
      const sessions = orderSessionAnswer.parse(
        (await get(`/api/my/order_session?_seller=${slug}&when=all`, me.cookie)).body,
      ).search_result._data;
      expect(sessions.map((r) => r.ticket_order_id)).toEqual([me.orderId]);
      for (const other of made) {
        if (other === me) continue;
        const asked = await get(`/api/my/ticket_order?_seller=${slug}&id._in=${other.orderId}`, me.cookie);
        crossReads += myOrderEnvelope.parse(asked.body).ticket_order._count;
        const otherSeller = await get(`/api/my/ticket_order?_seller=${other.seller}`, me.cookie);
        if (other.seller !== me.seller) expect(otherSeller.status).toBe(401);
        const mail = await send(
          api,
          "POST",
          `/api/ticket_order/${other.orderId}/email?_seller=${slug}`,
          {},
          {
            cookie: me.cookie,
          },
        );
        expect(mail.status).toBe(404);
        expect(JSON.stringify(mail.body)).not.toContain("Holder");
        const sent = await api.handle.db.select().from(s.outbox).where(eq(s.outbox.relatedId, other.orderId));
        crossWrites += sent.length;
      }
    }
    expect({ crossReads, crossWrites }).toEqual({ crossReads: 0, crossWrites: 0 });
  });
});

describe("GET event_template (spec 2 §7: id._in, embed venue or meta,venue)", () => {
  it("answers the asked events of the seller with their venue; another seller's id is not among them", async () => {
    const res = await get(
      `/api/event_template?_seller=${HM}&id._in=hm-general-admission,hm-membership,rz-day-admission&_embed=meta,venue`,
    );
    expect(res.status).toBe(200);
    const events = (res.body.event_template as { _data: Array<{ id: string }> })._data
      .map((e) => e.id)
      .sort();
    expect(events).toEqual(["hm-general-admission", "hm-membership"]);
    expect((res.body.venue as { _count: number })._count).toBeGreaterThan(0);
    expect((await get(`/api/event_template?_seller=${HM}`)).status).toBe(400);
  });
});

describe("GET ticket/{id}/qrcode (the QR codes of /my/upcoming/session/{id})", () => {
  it("a PNG of the caller's own ticket, private, no-store; another caller's ticket is 404; anonymous 401", async () => {
    const owner = `qr-${randomUUID()}`;
    const cookie = await sessionFor(owner, HM, "user");
    const { orderId } = await orderFor(owner, HM);
    await api.handle.db
      .insert(s.ticketScan)
      .values({ ticketId: `${orderId}-t1`, ticketOrderId: orderId, scanCode: `QR${randomUUID()}` });
    const mine = await api.app.request(`/api/ticket/${orderId}-t1/qrcode?_seller=${HM}`, {
      headers: { cookie },
    });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/png");
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    const other = await sessionFor(`qr2-${randomUUID()}`, HM, "guest");
    const theirs = await api.app.request(`/api/ticket/${orderId}-t1/qrcode?_seller=${HM}`, {
      headers: { cookie: other },
    });
    expect(theirs.status).toBe(404);
    expect((await api.app.request(`/api/ticket/${orderId}-t1/qrcode?_seller=${HM}`)).status).toBe(401);
  });
});
