/**
 * The stripe gateway's Payment Element (DESIGN §6), loaded lazily (StripeSlot) so tenants on the
 * test gateway ship none of it. Loads Stripe.js with the tenant's publishable key, mounts the
 * Payment Element (deferred intent, manual payment method creation) and hands the island a
 * StripePort; when Stripe.js cannot load it shows the spec 2 §8 message and reports "failed".
 * With post-code-as-discount on (spec 2 §4) the element offers no wallets.
 */
import type { StripeElements } from "@stripe/stripe-js";
import { useEffect, useRef, useState } from "react";
import { loadStripeOrNull, paymentElementWallets, stripePort } from "./stripe-port.ts";
import type { StripePaymentProps } from "./stripe-types.ts";

export default function StripePayment(props: StripePaymentProps) {
  const { publishableKey, currency, amountMinor, walletsOff } = props;
  const host = useRef<HTMLDivElement>(null);
  const elementsRef = useRef<StripeElements | null>(null);
  const callbacks = useRef(props);
  callbacks.current = props;
  const amount = useRef(amountMinor);
  amount.current = amountMinor;
  const [status, setStatus] = useState<"loading" | "failed" | "ready">("loading");

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    setStatus("loading");
    callbacks.current.onState({ status: "loading" });
    void loadStripeOrNull(publishableKey).then((stripe) => {
      if (cancelled) return;
      if (!stripe || !host.current) {
        setStatus("failed");
        callbacks.current.onState({ status: "failed" });
        return;
      }
      const elements = stripe.elements({
        mode: "payment",
        amount: amount.current,
        currency: currency.toLowerCase(),
        paymentMethodCreation: "manual",
      });
      const element = elements.create("payment", { layout: "tabs", ...paymentElementWallets(walletsOff) });
      element.on("change", (event) => callbacks.current.onPaymentType(event.value.type));
      element.mount(host.current);
      elementsRef.current = elements;
      destroy = () => element.destroy();
      setStatus("ready");
      callbacks.current.onState({ status: "ready", port: stripePort(stripe, elements) });
    });
    return () => {
      cancelled = true;
      elementsRef.current = null;
      destroy?.();
    };
  }, [publishableKey, currency, walletsOff]);

  useEffect(() => {
    if (amountMinor > 0) elementsRef.current?.update({ amount: amountMinor });
  }, [amountMinor]);

  return (
    <div className="checkout-stripe">
      {status === "loading" && <p className="muted">{props.loadingText}</p>}
      {status === "failed" && (
        <p className="checkout-field__error" role="alert" data-testid="stripe-load-failed">
          {props.failedText}
        </p>
      )}
      <div ref={host} hidden={status === "failed"} />
    </div>
  );
}
