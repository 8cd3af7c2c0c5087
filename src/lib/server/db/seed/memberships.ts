/**
 * Demo members, relative to the seed's `now`, for both tenants: every demo membership
 * has a program (the membership ticket group), a level (ticket type) and a real completed order
 * (cart, member ticket with its party role, order). Listed in README.md ("Demo accounts"):
 * - the user's member ID (HM100001 / RZ200001): current, with a members-only benefit;
 * - the second member ID (HM100002 / RZ200002): in the renewal window (ends in 20 days);
 * - an expired member (HM100003 / RZ200003, a user with a password): ended 10 days ago.
 * The levels' benefits are the catalogue's (ticket type meta `member_benefits`), copied onto each
 * membership as a purchase does.
 * Inserted with ON CONFLICT DO NOTHING inside the seed's transaction.
 */
import { and, eq, inArray } from "drizzle-orm";
import { membershipTerm } from "../../../domain/membership/term.ts";
import type { Executor } from "../executor.ts";
import { cart, membership, meta, ticket, ticketOrder } from "../schema.ts";

export interface DemoMembership {
  id: string;
  identityId: string;
  scanCode: string;
  role: string;
  name: string;
  lastName: string;
  zipCode: string | null;
  levelId: string;
  /** Days before the seed's `now` the membership was bought (the term starts then). */
  boughtDaysAgo: number;
  orderNumber: string;
  price: number;
  /** Further cards of the same order: [role, name, last name, member ID]. */
  cards?: [string, string, string, string][];
}

interface DemoProgram {
  sellerId: string;
  timezone: string;
  groupId: string;
  eventTemplateId: string;
  members: DemoMembership[];
}

export const DEMO_PROGRAMS: readonly DemoProgram[] = [
  {
    sellerId: "harbour-museum",
    timezone: "America/New_York",
    groupId: "hm-membership-levels",
    eventTemplateId: "hm-membership",
    members: [
      {
        id: "hm-demo-membership-1",
        identityId: "hm-demo-user",
        scanCode: "HM100001",
        role: "member",
        name: "Ada Lovelace",
        lastName: "Lovelace",
        zipCode: "02110",
        levelId: "hm-membership-individual",
        boughtDaysAgo: 30,
        orderNumber: "900000101",
        price: 7500,
      },
      {
        id: "hm-demo-membership-2",
        identityId: "hm-demo-member",
        scanCode: "HM100002",
        role: "member",
        name: "Alan Turing",
        lastName: "Turing",
        zipCode: "10001",
        levelId: "hm-membership-dual",
        boughtDaysAgo: 345,
        orderNumber: "900000102",
        price: 12000,
        cards: [["second-card", "Joan Clarke", "Clarke", "HM100012"]],
      },
      {
        id: "hm-demo-membership-3",
        identityId: "hm-demo-expired",
        scanCode: "HM100003",
        role: "member",
        name: "Mary Somerville",
        lastName: "Somerville",
        zipCode: "02138",
        levelId: "hm-membership-individual",
        boughtDaysAgo: 375,
        orderNumber: "900000103",
        price: 7500,
      },
    ],
  },
  {
    sellerId: "riverside-zoo",
    timezone: "Europe/London",
    groupId: "rz-membership-levels",
    eventTemplateId: "rz-membership",
    members: [
      {
        id: "rz-demo-membership-1",
        identityId: "rz-demo-user",
        scanCode: "RZ200001",
        role: "member",
        name: "Jane Goodall",
        lastName: "Goodall",
        zipCode: null,
        levelId: "rz-membership-adult",
        boughtDaysAgo: 30,
        orderNumber: "900000201",
        price: 6500,
      },
      {
        id: "rz-demo-membership-2",
        identityId: "rz-demo-member",
        scanCode: "RZ200002",
        role: "member",
        name: "David Attenborough",
        lastName: "Attenborough",
        zipCode: null,
        levelId: "rz-membership-joint",
        boughtDaysAgo: 345,
        orderNumber: "900000202",
        price: 11000,
        cards: [["second-card", "Jane Attenborough", "Attenborough", "RZ200012"]],
      },
      {
        id: "rz-demo-membership-3",
        identityId: "rz-demo-expired",
        scanCode: "RZ200003",
        role: "member",
        name: "Dian Fossey",
        lastName: "Fossey",
        zipCode: null,
        levelId: "rz-membership-adult",
        boughtDaysAgo: 375,
        orderNumber: "900000203",
        price: 6500,
      },
    ],
  },
];

const DAY = 86_400_000;

export async function seedMemberships(tx: Executor, now: Date): Promise<void> {
  for (const p of DEMO_PROGRAMS) {
    const levelBenefits = new Map(
      (
        await tx
          .select()
          .from(meta)
          .where(
            and(
              eq(meta.resource, "ticket_type"),
              inArray(
                meta.resourceId,
                p.members.map((m) => m.levelId),
              ),
            ),
          )
      ).map((row) => [row.resourceId, (row.data.member_benefits ?? {}) as Record<string, number>]),
    );
    for (const m of p.members) {
      const bought = new Date(now.getTime() - m.boughtDaysAgo * DAY);
      const term = membershipTerm({
        now: bought,
        durationNew: "P1Y",
        startPolicy: null,
        startPolicyDate: null,
        timeZone: p.timezone,
      });
      const cartId = `${m.id}-cart`;
      const orderId = `${m.id}-order`;
      await tx
        .insert(cart)
        .values({
          id: cartId,
          sellerId: p.sellerId,
          cartNumber: m.orderNumber,
          state: "booked",
          identityId: m.identityId,
          createdAt: bought,
          expiresAt: null,
          ticketOrderId: orderId,
          membershipOptions: { extendMembership: true, autoRenewMembership: false },
        })
        .onConflictDoNothing();
      await tx
        .insert(ticketOrder)
        .values({
          id: orderId,
          sellerId: p.sellerId,
          orderNumber: m.orderNumber,
          identityId: m.identityId,
          cartId,
          state: "completed",
          guest: false,
          createdAt: bought,
          total: m.price,
        })
        .onConflictDoNothing();
      const cards: [string, string, string, string][] = [
        [m.role, m.name, m.lastName, m.scanCode],
        ...(m.cards ?? []),
      ];
      await tx
        .insert(ticket)
        .values(
          cards.map(([role, name], i) => ({
            id: `${m.id}-ticket-${i + 1}`,
            sellerId: p.sellerId,
            cartId,
            state: "booked",
            ticketTypeId: m.levelId,
            ticketGroupId: p.groupId,
            eventTemplateId: p.eventTemplateId,
            eventSessionId: null,
            countsAgainstSession: false,
            faceValue: i === 0 ? m.price : 0,
            admitName: name,
            partyRole: role,
            ticketOrderId: orderId,
            createdAt: new Date(bought.getTime() + i),
          })),
        )
        .onConflictDoNothing();
      await tx
        .insert(membership)
        .values(
          cards.map(([role, name, lastName, scanCode], i) => ({
            id: i === 0 ? m.id : `${m.id}-${role}`,
            sellerId: p.sellerId,
            identityId: m.identityId,
            scanCode,
            role,
            name,
            lastName,
            zipCode: m.zipCode,
            validFrom: term.validFrom,
            validTo: term.validTo,
            ticketOrderId: orderId,
            autoRenewState: null,
            ticketGroupId: p.groupId,
            ticketTypeId: m.levelId,
            eventTemplateId: p.eventTemplateId,
            benefits: levelBenefits.get(m.levelId) ?? {},
          })),
        )
        .onConflictDoNothing();
    }
  }
}
