/**
 * My account demo data, relative to the seed's `now`, for the demo users of both tenants
 * (demo@harbour-museum.example, demo@riverside-zoo.example, who are also members HM100001 /
 * RZ200001), so that every section of /my/upcoming and /my/orders shows something:
 * - a past visit (14 days ago; dated tickets valid that day, as the seed makes no past sessions):
 *   one ticket redeemed, one not (Past Event), one cancelled and refunded (a Paid and a Refund
 *   entry in the payment audit);
 * - an upcoming visit (the first admission session 10 or more days ahead): two tickets;
 * - Harbour Museum only, a Family membership on the levels' payment plan (34% deposit, then two
 *   instalments 30 days apart), started 40 days ago with the deposit paid: the second instalment is
 *   Overdue, the third Upcoming. (Riverside Zoo has no ticket group with a payment plan.)
 * Inserted with ON CONFLICT DO NOTHING inside the seed's transaction.
 */
import { and, asc, eq, gte, lt, or } from "drizzle-orm";
import type { Executor } from "../executor.ts";
import { cart, eventSession, payment, ticket, ticketOrder, ticketScan } from "../schema.ts";

const DAY = 86_400_000;

interface AccountDemo {
  sellerId: string;
  prefix: string;
  identityId: string;
  eventTemplateId: string;
  groupId: string;
  adult: { id: string; price: number };
  child: { id: string; price: number };
  /** [order number of the past, the upcoming and the plan order] */
  numbers: [string, string, string];
  plan: { groupId: string; eventTemplateId: string; levelId: string; price: number } | null;
}

export const ACCOUNT_DEMOS: readonly AccountDemo[] = [
  {
    sellerId: "harbour-museum",
    prefix: "hm",
    identityId: "hm-demo-user",
    eventTemplateId: "hm-general-admission",
    groupId: "hm-ga-general",
    adult: { id: "hm-ga-adult", price: 2500 },
    child: { id: "hm-ga-child", price: 1200 },
    numbers: ["900000311", "900000312", "900000313"],
    plan: {
      groupId: "hm-membership-levels",
      eventTemplateId: "hm-membership",
      levelId: "hm-membership-family",
      price: 18000,
    },
  },
  {
    sellerId: "riverside-zoo",
    prefix: "rz",
    identityId: "rz-demo-user",
    eventTemplateId: "rz-day-admission",
    groupId: "rz-day-general",
    adult: { id: "rz-day-adult", price: 2400 },
    child: { id: "rz-day-child", price: 1600 },
    numbers: ["900000411", "900000412", "900000413"],
    plan: null,
  },
];

export const accountDemoOrderId = (prefix: string, which: "past" | "upcoming" | "plan") =>
  `${prefix}-demo-account-${which}-order`;

interface DemoTicket {
  typeId: string;
  price: number;
  state: string;
  admitName: string;
  partyRole?: string;
}

interface DemoOrder {
  d: AccountDemo;
  which: "past" | "upcoming" | "plan";
  number: string;
  createdAt: Date;
  groupId: string;
  eventTemplateId: string;
  sessionId: string | null;
  /** A dated visit without a session row (the past visit: the seed makes no past sessions). */
  validity?: { from: Date; to: Date };
  tickets: DemoTicket[];
  total: number;
  payments: { id: string; state: string; amount: number; at: Date }[];
}

async function insertOrder(tx: Executor, o: DemoOrder): Promise<void> {
  const { d } = o;
  const orderId = accountDemoOrderId(d.prefix, o.which);
  const cartId = `${d.prefix}-demo-account-${o.which}-cart`;
  await tx
    .insert(cart)
    .values({
      id: cartId,
      sellerId: d.sellerId,
      cartNumber: o.number,
      state: "booked",
      identityId: d.identityId,
      createdAt: o.createdAt,
      expiresAt: null,
      ticketOrderId: orderId,
    })
    .onConflictDoNothing();
  await tx
    .insert(ticketOrder)
    .values({
      id: orderId,
      sellerId: d.sellerId,
      orderNumber: o.number,
      identityId: d.identityId,
      cartId,
      state: "completed",
      guest: false,
      createdAt: o.createdAt,
      total: o.total,
    })
    .onConflictDoNothing();
  const rows = o.tickets.map((t, i) => ({
    id: `${d.prefix}-demo-account-${o.which}-ticket-${i + 1}`,
    sellerId: d.sellerId,
    cartId,
    state: t.state,
    ticketTypeId: t.typeId,
    ticketGroupId: o.groupId,
    eventTemplateId: o.eventTemplateId,
    eventSessionId: o.sessionId,
    // Demo rows leave the sessions' counters alone (the seed's own load decides availability).
    countsAgainstSession: false,
    validFrom: o.validity?.from ?? null,
    validTo: o.validity?.to ?? null,
    faceValue: t.price,
    admitName: t.admitName,
    partyRole: t.partyRole ?? null,
    ticketOrderId: orderId,
    createdAt: new Date(o.createdAt.getTime() + i),
  }));
  await tx.insert(ticket).values(rows).onConflictDoNothing();
  await tx
    .insert(ticketScan)
    .values(
      rows.map((t, i) => ({
        ticketId: t.id,
        ticketOrderId: orderId,
        scanCode: `${d.prefix.toUpperCase()}ACCT${o.which.toUpperCase()}${i + 1}`,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(payment)
    .values(
      o.payments.map((p) => ({
        id: p.id,
        sellerId: d.sellerId,
        cartId,
        gatewayId: "test",
        state: p.state,
        amount: p.amount,
        occurredAt: p.at,
        providerReference: `pi_test_${p.id.replaceAll("-", "")}`,
      })),
    )
    .onConflictDoNothing();
}

export async function seedAccountDemo(tx: Executor, now: Date): Promise<void> {
  for (const d of ACCOUNT_DEMOS) {
    const past = new Date(now.getTime() - 14 * DAY);
    const [upcoming] = await tx
      .select({ id: eventSession.id })
      .from(eventSession)
      .where(
        and(
          eq(eventSession.eventTemplateId, d.eventTemplateId),
          gte(eventSession.startDatetime, new Date(now.getTime() + 10 * DAY)),
          eq(eventSession.soldOut, false),
          or(eq(eventSession.capacity, -1), lt(eventSession.usedCapacity, eventSession.capacity)),
        ),
      )
      .orderBy(asc(eventSession.startDatetime))
      .limit(1);
    const bought = new Date(now.getTime() - 20 * DAY);
    await insertOrder(tx, {
      d,
      which: "past",
      number: d.numbers[0],
      createdAt: bought,
      groupId: d.groupId,
      eventTemplateId: d.eventTemplateId,
      sessionId: null,
      validity: { from: past, to: new Date(past.getTime() + 8 * 3_600_000) },
      tickets: [
        { typeId: d.adult.id, price: d.adult.price, state: "redeemed", admitName: "Ada Lovelace" },
        { typeId: d.adult.id, price: d.adult.price, state: "booked", admitName: "Charles Babbage" },
        { typeId: d.child.id, price: d.child.price, state: "cancelled", admitName: "Byron King" },
      ],
      total: 2 * d.adult.price + d.child.price,
      payments: [
        {
          id: `${d.prefix}-demo-account-past-payment`,
          state: "succeeded",
          amount: 2 * d.adult.price + d.child.price,
          at: bought,
        },
        {
          id: `${d.prefix}-demo-account-past-refund`,
          state: "refund",
          amount: d.child.price,
          at: new Date(bought.getTime() + 2 * DAY),
        },
      ],
    });
    if (upcoming) {
      const at = new Date(now.getTime() - 3 * DAY);
      await insertOrder(tx, {
        d,
        which: "upcoming",
        number: d.numbers[1],
        createdAt: at,
        groupId: d.groupId,
        eventTemplateId: d.eventTemplateId,
        sessionId: upcoming.id,
        tickets: [
          { typeId: d.adult.id, price: d.adult.price, state: "booked", admitName: "Ada Lovelace" },
          { typeId: d.child.id, price: d.child.price, state: "booked", admitName: "Byron King" },
        ],
        total: d.adult.price + d.child.price,
        payments: [
          {
            id: `${d.prefix}-demo-account-upcoming-payment`,
            state: "succeeded",
            amount: d.adult.price + d.child.price,
            at,
          },
        ],
      });
    }
    if (d.plan) {
      const started = new Date(now.getTime() - 40 * DAY);
      const deposit = Math.round((d.plan.price * 3400) / 10_000);
      await insertOrder(tx, {
        d,
        which: "plan",
        number: d.numbers[2],
        createdAt: started,
        groupId: d.plan.groupId,
        eventTemplateId: d.plan.eventTemplateId,
        sessionId: null,
        // The membership's term (a year from the start), shown on the order page as its validity.
        validity: { from: started, to: new Date(started.getTime() + 365 * DAY) },
        tickets: [
          {
            typeId: d.plan.levelId,
            price: d.plan.price,
            state: "booked",
            admitName: "Ada Lovelace",
            partyRole: "member",
          },
          {
            typeId: d.plan.levelId,
            price: 0,
            state: "booked",
            admitName: "William King",
            partyRole: "second-card",
          },
        ],
        total: d.plan.price,
        payments: [
          { id: `${d.prefix}-demo-account-plan-deposit`, state: "succeeded", amount: deposit, at: started },
        ],
      });
    }
  }
}
