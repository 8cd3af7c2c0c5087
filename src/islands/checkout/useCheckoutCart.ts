/**
 * The checkout's cart: the page's cart adopted into the cart store (an order's instalment keeps
 * the page's own), and what the page reads of it: the id, what is owed, the removable gift cards
 * and the scheduled payments with what is due now.
 */
import { startTransition, useEffect, useState } from "react";
import { cartTotals } from "../../lib/domain/cart-items.ts";
import { paymentSummary } from "../../lib/domain/cart-payments.ts";
import { apiMoneyMinor } from "../../lib/domain/money.ts";
import { dueFromRows } from "../../lib/domain/payment-plan.ts";
import { $cart, $cartChecked, adoptCart, initCart } from "../../lib/stores/cart.ts";
import { useStoreInTransition } from "../ui/useStoreInTransition.ts";
import type { CheckoutIslandProps } from "./props.ts";

export function useCheckoutCart(props: CheckoutIslandProps) {
  const { seller, tagManagerId } = props;
  const stored = useStoreInTransition($cart);
  const checked = useStoreInTransition($cartChecked);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    initCart({ seller, ...(tagManagerId ? { tagManagerId } : {}) });
    const initial = props.initialEnvelope;
    const markReady = () => startTransition(() => setReady(true));
    if (initial && !props.returnTo) void adoptCart(initial).finally(markReady);
    else markReady();
  }, [seller, tagManagerId, props.initialEnvelope, props.returnTo]);

  const envelope = props.returnTo
    ? props.initialEnvelope
    : ready
      ? (stored?.envelope ?? null)
      : props.initialEnvelope;
  const cartId = envelope?.cart._data[0]?.id ?? null;
  const outstanding = envelope ? (cartTotals(envelope)?.amountDue ?? 0) : 0;
  // The gift cards already applied, each removable before paying the rest.
  const giftCards = (envelope ? (paymentSummary(envelope)?.lines ?? []) : []).filter((l) => l.removable);
  // Scheduled payments: the pay button charges the chosen partial amount (test gateway only).
  const scheduled = envelope?.scheduled_payment?._data ?? [];
  const due = dueFromRows(
    scheduled.map((row) => ({ amount: apiMoneyMinor(row.amount), status: row.status })),
    outstanding,
  );
  return { ready, checked, envelope, cartId, outstanding, giftCards, scheduled, due };
}
