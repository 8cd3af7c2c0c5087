/**
 * Spec 1 §2: 'Add an admission event to your cart first.' while the event needs an anchor
 * (meta requires_anchor) and the cart holds none. Follows the cart store, so it goes away as soon
 * as an admission is added (in this tab or another).
 */
import { useStore } from "@nanostores/react";
import { $cart } from "../../lib/stores/cart.ts";
import { useReserveEnv } from "./context.ts";

export function AnchorNotice() {
  const { props, text } = useReserveEnv();
  const cart = useStore($cart);
  if (!props.requiresAnchor || cart?.envelope.cart._data[0]?.anchor) return null;
  return (
    <div className="notice notice--info" role="status" data-testid="anchor-required">
      <p>{text("event.anchorRequired")}</p>
    </div>
  );
}
