/**
 * The remove button of an applied promo code in the cart ("An applied promo code can't be
 * removed"). It calls the cart store (DELETE my/cart/{id}/code/{code}), which stores the answer, so
 * every island showing the cart updates; a refusal (a voucher held tickets still use) is said next
 * to the code.
 */
import { useState } from "react";
import { failureOf, shopperMessage } from "../../lib/api/errors.ts";
import { removeCode } from "../../lib/stores/cart.ts";
import type { CartTranslate } from "./cart-strings.ts";

export interface AppliedCodeRemoveProps {
  code: string;
  tr: CartTranslate;
  disabled: boolean;
}

export function AppliedCodeRemove({ code, tr, disabled }: AppliedCodeRemoveProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  async function remove() {
    setBusy(true);
    setError("");
    try {
      await removeCode(code);
    } catch (failure) {
      // Only a refusal (409: a voucher held tickets still use) is said in the server's words.
      const fallback = tr("promo.removeFailed");
      setError(failureOf(failure).status === 409 ? shopperMessage(failure, fallback) : fallback);
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      {" "}
      <button
        type="button"
        className="cart-codes__remove"
        aria-label={tr("promo.remove.label", { code })}
        disabled={disabled || busy}
        onClick={() => void remove()}
      >
        {tr("promo.remove")}
      </button>
      {error ? (
        <span className="cart-codes__error" role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
}
