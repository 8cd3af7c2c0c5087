/**
 * The payments already taken toward a cart, as the cart summary and the checkout show them
 * ("the cart summary shows no paid and remaining lines. Show the payments and the remaining
 * amount due"). Spec 2 §3: a cart has pending gift card payments and completed payments; spec 2
 * §4: partial payments (gift cards) go first. Pure: reads the cart answer the server gave (its shape in cart-answer.ts).
 */
import type { CartAnswer } from "./cart-answer.ts";
import { cartTotals } from "./cart-items.ts";
import { apiMoneyMinor } from "./money.ts";

export interface PaidLine {
  paymentId: string;
  /** "gift_card" for the ledger gateway, "card" for any other. */
  kind: "gift_card" | "card";
  /** The gift card's number masked to its last 4 ("****0001"), as the server answers it. */
  card: string | null;
  /** Minor units. */
  amount: number;
  /** A gift card's balance after this payment, minor units. */
  remainingBalance: number | null;
  /** Spec-free: only a gift card may be taken off again before checkout (DELETE .../payment/{id}). */
  removable: boolean;
}

export interface PaymentSummary {
  lines: PaidLine[];
  /** Minor units: what the lines paid, and what is still due. */
  paid: number;
  outstanding: number;
}

/** Succeeded payments in the order taken, and what remains; null before any payment. */
export function paymentSummary(envelope: CartAnswer): PaymentSummary | null {
  const lines: PaidLine[] = (envelope.payment?._data ?? [])
    .filter((p) => p.state === "succeeded")
    .map((p) => {
      const giftCard = p.gateway_id === "ledger";
      return {
        paymentId: p.id,
        kind: giftCard ? "gift_card" : "card",
        card: p.card_number,
        amount: apiMoneyMinor(p.amount),
        remainingBalance: p.remaining_balance === null ? null : apiMoneyMinor(p.remaining_balance),
        removable: giftCard,
      };
    });
  if (lines.length === 0) return null;
  const totals = cartTotals(envelope);
  return {
    lines,
    paid: lines.reduce((sum, l) => sum + l.amount, 0),
    outstanding: totals?.amountDue ?? 0,
  };
}

/** The gift cards already applied (their masked numbers), for the duplicate check of spec 2 §5. */
export function appliedGiftCards(envelope: CartAnswer): string[] {
  return (paymentSummary(envelope)?.lines ?? []).flatMap((l) =>
    l.kind === "gift_card" && l.card ? [l.card] : [],
  );
}
