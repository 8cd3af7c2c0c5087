/**
 * A staff refund of an order (the whole order, some of its tickets, or an amount), in one
 * transaction:
 * 1. the order and its tickets are locked (access.ts), so two staff refunding one order at once
 *    run one after the other and the second sees what the first gave back;
 * 2. the amount is planned (domain/admin/refunds.ts): never more than the order's payments took
 *    less what was already given back; a box office member's refund above their limit is refused;
 * 3. the money goes back through payments/refund.ts refundOrderAmount, newest payment first: a card
 *    through the gateway that took it (Stripe's Refunds API, offline in `test`), a gift card to its
 *    balance; a gateway that fails leaves its part `refund_due`, logged, and still counted as given;
 * 4. the refunded tickets are cancelled, a membership left without its ticket ends, the audit entry
 *    and the buyer's mail (kind order_refund) are written, and the places go back on sale last.
 */
import { planRefund } from "../../../../domain/admin/refunds.ts";
import { refundWithinLimit, type StaffActor } from "../../../../domain/admin/roles.ts";
import { formatMoney, parseMoneyString, toMoneyString } from "../../../../domain/money.ts";
import type { Executor } from "../../../db/executor.ts";
import { fail, validationFailed } from "../../../errors/api-error.ts";
import { orderRefundables, refundOrderAmount } from "../../../payments/refund.ts";
import { mailOriginFor } from "../../../tenant-hosts/links.ts";
import { mailManagedOrder } from "../../manage/mail.ts";
import { recordAudit } from "../audit.ts";
import { actorSeller, assertAllowed, parseInput } from "../permit.ts";
import { lockSellerOrder } from "./access.ts";
import { type RefundOrderInput, type RefundResult, refundOrderInput } from "./schemas.ts";
import {
  cancelOrderTickets,
  endUnbookedMemberships,
  orderTickets,
  ticketsToCancel,
} from "./ticket-changes.ts";

/** "12.50" in the seller's currency's places, or 400. */
function amountOf(value: string, currency: string): number {
  let minor: number;
  try {
    minor = parseMoneyString(value, currency);
  } catch {
    throw validationFailed(`Not an amount in ${currency}: ${value}`, { field: "scope.amount" });
  }
  if (minor <= 0) throw validationFailed("A refund amount is above zero.", { field: "scope.amount" });
  return minor;
}

/** The refund mail's first line: what was given back, and that the tickets refunded are cancelled. */
export function refundNotice(amountText: string, gaveMoney: boolean, cancelled: boolean): string {
  const money = gaveMoney ? `We have refunded ${amountText} to you.` : "";
  const tickets = cancelled ? "The tickets refunded are cancelled." : "";
  return [money, tickets].filter(Boolean).join(" ") || "Your booking has been refunded.";
}

export async function refundOrder(
  db: Executor,
  actor: StaffActor,
  input: RefundOrderInput,
  now: Date,
): Promise<RefundResult> {
  assertAllowed(actor, "orders.refund");
  const { orderId, scope, reason } = parseInput(refundOrderInput, input);
  return db.transaction(async (tx) => {
    const order = await lockSellerOrder(tx, actor, orderId);
    if (order.state !== "completed") throw fail("order_not_completed");
    const seller = await actorSeller(tx, actor);
    const currency = seller.currencyCode;
    const money = (minor: number) => toMoneyString(minor, currency);
    const tickets = await orderTickets(tx, order);
    const cancelling =
      scope.kind === "amount"
        ? []
        : ticketsToCancel(tickets, scope.kind === "tickets" ? scope.ticketIds : undefined);
    const { paid, refunded: before } = await orderRefundables(tx, order);
    const plan = planRefund({
      scope:
        scope.kind === "amount"
          ? { kind: "amount", amount: amountOf(scope.amount, currency) }
          : scope.kind === "tickets"
            ? { kind: "tickets", tickets: cancelling }
            : { kind: "order" },
      paid,
      refunded: before,
      ticketsToCancel: cancelling.length,
    });
    if (!plan.ok) {
      const code = plan.reason === "exceeds_paid" ? "refund_exceeds_paid" : "refund_nothing_left";
      throw fail(code, { extra: { refundable: money(plan.left) } });
    }
    if (plan.amount > 0 && !refundWithinLimit(actor.role, actor.refundLimit, plan.amount)) {
      throw fail("refund_over_limit", {
        extra: {
          amount: money(plan.amount),
          limit: actor.refundLimit === null ? null : money(actor.refundLimit),
        },
      });
    }
    const outcome =
      plan.amount > 0
        ? await refundOrderAmount(tx, {
            order,
            amount: plan.amount,
            cartId: order.cartId,
            now,
            logEvent: "admin.refund_due",
          })
        : { refunded: 0, due: 0, rows: [] };
    const releasePlaces = await cancelOrderTickets(tx, cancelling);
    const ended = cancelling.length ? await endUnbookedMemberships(tx, order, now) : [];
    await recordAudit(
      tx,
      actor,
      {
        action: "refund",
        resource: "ticket_order",
        resourceId: order.id,
        reason,
        details: {
          scope: scope.kind,
          amount: money(plan.amount),
          refunded: money(outcome.refunded),
          due: money(outcome.due),
          currency,
          payments: outcome.rows.map((r) => r.id),
          tickets: cancelling.map((t) => t.id),
          memberships: ended,
        },
      },
      now,
    );
    const mailId = await mailManagedOrder(
      tx,
      seller,
      order,
      "order_refund",
      mailOriginFor(seller.slug),
      now,
      {
        notice: refundNotice(formatMoney(plan.amount, currency), plan.amount > 0, cancelling.length > 0),
        // The order's total is what was charged; after a refund the buyer wants both numbers.
        totalText: `${formatMoney(paid, currency)} paid, ${formatMoney(before + plan.amount, currency)} refunded`,
      },
    );
    await releasePlaces();
    return {
      orderId: order.id,
      currency,
      amount: money(plan.amount),
      refunded: money(outcome.refunded),
      due: money(outcome.due),
      payments: outcome.rows.map((r) => ({
        id: r.id,
        refundOfPaymentId: r.refundOfPaymentId ?? "",
        gateway: r.gatewayId,
        amount: money(r.amount),
        state: r.state,
      })),
      cancelledTicketIds: cancelling.map((t) => t.id),
      endedMembershipIds: ended,
      mailId,
    };
  });
}
