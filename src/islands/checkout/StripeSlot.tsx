/** The Stripe Payment Element behind React.lazy: its chunk (and Stripe.js) load only when rendered. */
import { lazy, Suspense } from "react";
import type { StripePaymentProps } from "./stripe-types.ts";

const StripePayment = lazy(() => import("./StripePayment.tsx"));

export function StripeSlot(props: StripePaymentProps) {
  return (
    <Suspense fallback={<p className="muted">{props.loadingText}</p>}>
      <StripePayment {...props} />
    </Suspense>
  );
}
