/** What the lazily loaded Stripe payment element tells the checkout island (types only: no Stripe.js). */
import type { StripePort } from "../../lib/domain/stripe-flow.ts";

/** When ready, `port` is Stripe.js for the payment sequence (src/lib/domain/stripe-flow.ts). */
export type StripeState =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; port: StripePort };

export interface StripePaymentProps {
  publishableKey: string;
  /** The amount due by card in minor units (above 0: the element renders only when a card is due). */
  amountMinor: number;
  currency: string;
  loadingText: string;
  /** Spec 2 §8: the Stripe-failed-to-load message. */
  failedText: string;
  /** Spec §4: post-code-as-discount is on, so the element offers no wallet (card only). */
  walletsOff: boolean;
  onState: (state: StripeState) => void;
  /** The payment type picked in the Payment Element, as it reports it ("card", "apple_pay", ...). */
  onPaymentType: (reported: string) => void;
}
