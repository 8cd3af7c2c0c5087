/**
 * Demo members enrolled in automatic renewal, one per tenant, listed in README.md
 * ("Demo accounts"): a user with the tenant's demo password, a completed membership order paid by
 * the test card, the card kept for auto-renew ("Visa ending 4242", a test token) and memberships
 * `scheduled` with it. Their cancel page is /{seller}/manage/{prefix}-demo-autorenew-order/cancel-auto-renew.
 * Relative to the seed's `now`; inserted with ON CONFLICT DO NOTHING inside the seed's transaction.
 */
import { membershipTerm } from "../../../domain/membership/term.ts";
import { hashPassword } from "../../services/auth/passwords.ts";
import type { Executor } from "../executor.ts";
import {
  cart,
  identity,
  membership,
  payment,
  savedPaymentMethod,
  ticket,
  ticketOrder,
  ticketScan,
} from "../schema.ts";
import { DEMO_ACCOUNTS } from "./accounts.ts";

interface AutoRenewDemo {
  sellerId: string;
  prefix: string;
  timezone: string;
  email: string;
  firstName: string;
  lastName: string;
  groupId: string;
  eventTemplateId: string;
  levelId: string;
  price: number;
  orderNumber: string;
  /** [role, name, last name, member ID], the first card is the member's. */
  cards: [string, string, string, string][];
}

export const AUTO_RENEW_DEMOS: readonly AutoRenewDemo[] = [
  {
    sellerId: "harbour-museum",
    prefix: "hm",
    timezone: "America/New_York",
    email: "autorenew@harbour-museum.example",
    firstName: "Marie",
    lastName: "Curie",
    groupId: "hm-membership-levels",
    eventTemplateId: "hm-membership",
    levelId: "hm-membership-dual",
    price: 12000,
    orderNumber: "900000190",
    cards: [
      ["member", "Marie Curie", "Curie", "HM100090"],
      ["second-card", "Pierre Curie", "Curie", "HM100091"],
    ],
  },
  {
    sellerId: "riverside-zoo",
    prefix: "rz",
    timezone: "Europe/London",
    email: "autorenew@riverside-zoo.example",
    firstName: "Joy",
    lastName: "Adamson",
    groupId: "rz-membership-levels",
    eventTemplateId: "rz-membership",
    levelId: "rz-membership-adult",
    price: 6500,
    orderNumber: "900000290",
    cards: [["member", "Joy Adamson", "Adamson", "RZ200090"]],
  },
];

export const autoRenewDemoOrderId = (prefix: string) => `${prefix}-demo-autorenew-order`;

const DAY = 86_400_000;

export async function seedMembershipAutoRenew(tx: Executor, now: Date): Promise<void> {
  for (const d of AUTO_RENEW_DEMOS) {
    const password = DEMO_ACCOUNTS.find((a) => a.sellerId === d.sellerId)?.user.password;
    if (!password) continue;
    const ids = {
      identity: `${d.prefix}-demo-autorenew`,
      cart: `${d.prefix}-demo-autorenew-cart`,
      order: autoRenewDemoOrderId(d.prefix),
      card: `${d.prefix}-demo-autorenew-card`,
    };
    const bought = new Date(now.getTime() - 100 * DAY);
    const term = membershipTerm({
      now: bought,
      durationNew: "P1Y",
      startPolicy: null,
      startPolicyDate: null,
      timeZone: d.timezone,
    });
    await tx
      .insert(identity)
      .values({
        id: ids.identity,
        sellerId: d.sellerId,
        kind: "user",
        email: d.email,
        firstName: d.firstName,
        lastName: d.lastName,
        passwordHash: await hashPassword(password),
        createdAt: bought,
      })
      .onConflictDoNothing();
    await tx
      .insert(cart)
      .values({
        id: ids.cart,
        sellerId: d.sellerId,
        cartNumber: d.orderNumber,
        state: "booked",
        identityId: ids.identity,
        createdAt: bought,
        expiresAt: null,
        ticketOrderId: ids.order,
        membershipOptions: { autoRenewMembership: true },
      })
      .onConflictDoNothing();
    await tx
      .insert(ticketOrder)
      .values({
        id: ids.order,
        sellerId: d.sellerId,
        orderNumber: d.orderNumber,
        identityId: ids.identity,
        cartId: ids.cart,
        state: "completed",
        guest: false,
        createdAt: bought,
        total: d.price,
      })
      .onConflictDoNothing();
    const tickets = d.cards.map(([role, name], i) => ({
      id: `${d.prefix}-demo-autorenew-ticket-${i + 1}`,
      sellerId: d.sellerId,
      cartId: ids.cart,
      state: "booked",
      ticketTypeId: d.levelId,
      ticketGroupId: d.groupId,
      eventTemplateId: d.eventTemplateId,
      eventSessionId: null,
      countsAgainstSession: false,
      faceValue: i === 0 ? d.price : 0,
      admitName: name,
      partyRole: role,
      ticketOrderId: ids.order,
      createdAt: new Date(bought.getTime() + i),
    }));
    await tx.insert(ticket).values(tickets).onConflictDoNothing();
    await tx
      .insert(ticketScan)
      .values(
        tickets.map((t, i) => ({
          ticketId: t.id,
          ticketOrderId: ids.order,
          scanCode: `${d.prefix.toUpperCase()}AUTORENEW${i + 1}`,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(payment)
      .values({
        id: `${d.prefix}-demo-autorenew-payment`,
        sellerId: d.sellerId,
        cartId: ids.cart,
        gatewayId: "test",
        state: "succeeded",
        amount: d.price,
        occurredAt: bought,
        providerReference: `pi_test_${d.prefix}demoautorenew`,
      })
      .onConflictDoNothing();
    await tx
      .insert(savedPaymentMethod)
      .values({
        id: ids.card,
        sellerId: d.sellerId,
        identityId: ids.identity,
        gatewayId: "test",
        identifier: "Visa ending 4242",
        providerReference: `pm_test_${d.prefix}demoautorenew`,
        createdAt: bought,
      })
      .onConflictDoNothing();
    await tx
      .insert(membership)
      .values(
        d.cards.map(([role, name, lastName, scanCode], i) => ({
          id:
            i === 0
              ? `${d.prefix}-demo-membership-autorenew`
              : `${d.prefix}-demo-membership-autorenew-${role}`,
          sellerId: d.sellerId,
          identityId: ids.identity,
          scanCode,
          role,
          name,
          lastName,
          zipCode: null,
          validFrom: term.validFrom,
          validTo: term.validTo,
          ticketOrderId: ids.order,
          autoRenewState: "scheduled",
          ticketGroupId: d.groupId,
          ticketTypeId: d.levelId,
          eventTemplateId: d.eventTemplateId,
          savedPaymentMethodId: ids.card,
        })),
      )
      .onConflictDoNothing();
  }
}
