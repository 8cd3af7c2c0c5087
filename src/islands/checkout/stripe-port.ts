/**
 * Stripe.js behind the flow's StripePort (src/lib/domain/stripe-flow.ts), and a loader that never
 * throws: no Stripe (a blocker, no network, a timeout) is null, which the page shows as the spec's
 * Stripe-failed-to-load message. Imported only by the lazily loaded StripePayment component.
 */
import type { Stripe, StripeElements, StripeError } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import type { StripeJsError, StripePort } from "../../lib/domain/stripe-flow.ts";

const LOAD_TIMEOUT_MS = 15_000;

export async function loadStripeOrNull(
  publishableKey: string,
  timeoutMs = LOAD_TIMEOUT_MS,
): Promise<Stripe | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([loadStripe(publishableKey).catch(() => null), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Spec 2 §4: with post-code-as-discount on, the Payment Element offers no wallet (card is used). */
export function paymentElementWallets(walletsOff: boolean): {
  wallets?: { applePay: "never"; googlePay: "never" };
} {
  return walletsOff ? { wallets: { applePay: "never", googlePay: "never" } } : {};
}

const jsError = (error: StripeError): StripeJsError => ({ type: error.type, message: error.message });

export function stripePort(stripe: Stripe, elements: StripeElements): StripePort {
  return {
    async submit() {
      const result = await elements.submit();
      return result.error ? { error: jsError(result.error) } : {};
    },
    async createPaymentMethod() {
      const result = await stripe.createPaymentMethod({ elements });
      return result.error ? { error: jsError(result.error) } : { paymentMethodId: result.paymentMethod.id };
    },
    async handleNextAction(clientSecret) {
      const result = await stripe.handleNextAction({ clientSecret });
      return result.error ? { error: jsError(result.error) } : {};
    },
  };
}
