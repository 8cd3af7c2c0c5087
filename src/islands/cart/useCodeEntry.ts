/**
 * The code entry shared by the promo modal and the checkout's code-required form (spec 1 §5: the
 * code is trimmed, 2 to 35 characters, several may be comma separated, apply is disabled below the
 * minimum or while applying; §8: the promo message lookup): the typed value and its parse, the
 * applying flag and the error. `apply` sends the codes through the cart store and answers whether
 * they were applied.
 */
import { useState } from "react";
import {
  type PromoMessageTexts,
  parsePromoInput,
  promoErrorMessage,
} from "../../lib/domain/promo-messages.ts";
import { applyCode } from "../../lib/stores/cart.ts";

/**
 * The promo message texts (spec 1 §8) from a tenant's strings: `promo.{code}` when the tenant has
 * that text, then the lookup's own fallbacks ('promo.invalid', 'promo.unknown').
 */
export function promoTexts(
  text: (key: `promo.${string}`, vars?: Record<string, string>) => string | undefined,
): PromoMessageTexts {
  return {
    byCode: (code, vars) => text(`promo.${code}`, vars),
    invalid: (code) => text("promo.invalid", { code }) ?? "",
    unknown: text("promo.unknown") ?? "",
  };
}

export function useCodeEntry(texts: PromoMessageTexts) {
  const [value, setValue] = useState("");
  const [applying, setApplying] = useState(false);
  const [error, setError] = useState("");
  const input = parsePromoInput(value);

  async function apply(): Promise<boolean> {
    if (!input.valid || applying) return false;
    setApplying(true);
    setError("");
    try {
      await applyCode(input.codes.join(","));
      return true;
    } catch (failure) {
      setError(promoErrorMessage(failure, input.codes.join(", "), texts));
      return false;
    } finally {
      setApplying(false);
    }
  }

  return {
    value,
    input,
    applying,
    error,
    apply,
    /** A change of the field clears the error. */
    change(next: string) {
      setValue(next);
      setError("");
    },
    reset() {
      setValue("");
      setError("");
    },
  };
}
