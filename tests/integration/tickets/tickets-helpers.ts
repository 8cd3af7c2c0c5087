/**
 * An order for the ticket tests, owned by a logged-in harbour-museum identity: an
 * admission ticket, a seated concert ticket (seat B12, Stalls), a cancelled admission ticket, a
 * donation and an any-day pass, each with a scan code.
 */
import { randomUUID } from "node:crypto";
import * as s from "../../../src/lib/server/db/schema.ts";

/** The concert's stalls and a seat's id (src/content/catalogue/harbour-museum/seat-maps.yaml). */
const STALLS_GROUP_ID = "hm-concert-stalls";
const seatId = (name: string) => `hm-seat-${name.slice(0, 1)}${name.slice(1).padStart(2, "0")}`;

import type { TestApi } from "../../helpers/api.ts";
import { loginIdentity } from "../../helpers/cart.ts";
import { sessionAfter } from "../manage/manage-helpers.ts";

type Api = Pick<TestApi, "app" | "handle" | "clock">;
const DAYS_3 = 3 * 86_400_000;
const HM = "harbour-museum";

export interface TicketOrderFixture {
  orderId: string;
  orderNumber: string;
  cookie: string;
  identityId: string;
  admissionSession: typeof s.eventSession.$inferSelect;
  concertSession: typeof s.eventSession.$inferSelect;
  tickets: {
    admission: { id: string; scanCode: string };
    seated: { id: string; scanCode: string };
    cancelled: { id: string; scanCode: string };
    donation: { id: string; scanCode: string };
    pass: { id: string; scanCode: string };
  };
}

export async function ticketOrder(api: Api): Promise<TicketOrderFixture> {
  const owner = await loginIdentity(api, HM);
  const admissionSession = await sessionAfter(api, "hm-general-admission", DAYS_3);
  const concertSession = await sessionAfter(api, "hm-evening-concert", DAYS_3);
  const orderId = randomUUID();
  const cartId = randomUUID();
  const orderNumber = String(600_000_000 + Math.floor(Math.random() * 99_999_999));
  const now = api.clock.now();
  const db = api.handle.db;
  await db.insert(s.cart).values({
    id: cartId,
    sellerId: HM,
    cartNumber: orderNumber,
    state: "booked",
    identityId: owner.identityId,
    createdAt: now,
    ticketOrderId: orderId,
  });
  await db.insert(s.ticketOrder).values({
    id: orderId,
    sellerId: HM,
    orderNumber,
    identityId: owner.identityId,
    cartId,
    state: "completed",
    guest: false,
    createdAt: now,
    total: 12_000,
  });
  const specs = {
    admission: {
      state: "booked",
      ticketTypeId: "hm-ga-adult",
      ticketGroupId: "hm-ga-general",
      eventTemplateId: "hm-general-admission",
      eventSessionId: admissionSession.id,
      admitName: "Ada Lovelace",
    },
    seated: {
      state: "booked",
      ticketTypeId: `${STALLS_GROUP_ID}-standard`,
      ticketGroupId: STALLS_GROUP_ID,
      eventTemplateId: "hm-evening-concert",
      eventSessionId: concertSession.id,
      seatTemplateId: seatId("B12"),
      admitName: "Grace Hopper",
    },
    cancelled: {
      state: "cancelled",
      ticketTypeId: "hm-ga-adult",
      ticketGroupId: "hm-ga-general",
      eventTemplateId: "hm-general-admission",
      eventSessionId: admissionSession.id,
    },
    donation: {
      state: "booked",
      ticketTypeId: "hm-donation-amount",
      ticketGroupId: "hm-donation-gift",
      eventTemplateId: "hm-donation",
      eventSessionId: null,
    },
    pass: {
      state: "booked",
      ticketTypeId: "hm-flex-adult",
      ticketGroupId: "hm-flex-anyday",
      eventTemplateId: "hm-flex-pass",
      eventSessionId: null,
      validFrom: now,
      validTo: new Date(now.getTime() + 365 * 86_400_000),
    },
  } as const;
  const tickets = {} as TicketOrderFixture["tickets"];
  let i = 0;
  for (const [name, spec] of Object.entries(specs) as [
    keyof typeof specs,
    (typeof specs)[keyof typeof specs],
  ][]) {
    i += 1;
    const id = `${orderId}-${name}`;
    const scanCode = `SC${orderNumber}${i}`;
    await db.insert(s.ticket).values({
      id,
      sellerId: HM,
      cartId,
      faceValue: 2500,
      ticketOrderId: orderId,
      createdAt: new Date(now.getTime() + i),
      ...spec,
    });
    await db.insert(s.ticketScan).values({ ticketId: id, ticketOrderId: orderId, scanCode });
    tickets[name] = { id, scanCode };
  }
  return {
    orderId,
    orderNumber,
    cookie: owner.cookie,
    identityId: owner.identityId,
    admissionSession,
    concertSession,
    tickets,
  };
}
