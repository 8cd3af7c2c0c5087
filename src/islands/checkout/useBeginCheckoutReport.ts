/** begin_checkout to the dataLayer once per cart (the ref remembers which cart was reported). */
import { useEffect, useRef } from "react";
import { toMoneyString } from "../../lib/domain/money.ts";
import { reportCheckout } from "./checkout-calls.ts";

export function useBeginCheckoutReport(
  cartId: string | null,
  tagManagerId: string | undefined,
  outstanding: number,
  currency: string,
): void {
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!cartId || reported.current === cartId) return;
    reported.current = cartId;
    reportCheckout(tagManagerId, "begin_checkout", {
      cart_id: cartId,
      value: toMoneyString(outstanding, currency),
      currency,
    });
  }, [cartId, tagManagerId, outstanding, currency]);
}
