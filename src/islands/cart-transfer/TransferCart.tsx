/**
 * /transfer-cart/{cartId} (spec 2 §2): makes the cart the server just read this
 * browser's cart (the cart store's storage, as the cart widget keeps it), then goes on to `target`
 * (the `next` path or the checkout, decided on the server: domain/cart-transfer/transfer.ts).
 * Without JavaScript the page's link goes on without loading the cart into this browser.
 */
import { useEffect, useState } from "react";
import type { CartEnvelope } from "../../lib/api/cart/schemas.ts";
import { adoptCart, initCart } from "../../lib/stores/cart.ts";

export interface TransferCartProps {
  seller: string;
  envelope: CartEnvelope;
  /** A same-origin path. */
  target: string;
  loading: string;
  failed: string;
}

export default function TransferCart({ seller, envelope, target, loading, failed }: TransferCartProps) {
  const [error, setError] = useState(false);
  useEffect(() => {
    initCart({ seller });
    adoptCart(envelope).then(
      () => window.location.replace(target),
      () => setError(true),
    );
  }, [seller, envelope, target]);
  return (
    <p role="status" data-testid="transfer-status">
      {error ? failed : loading}
    </p>
  );
}
