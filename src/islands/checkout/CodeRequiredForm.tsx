/**
 * The form for a cart blocked until a code is entered (spec 2 §2 "Checkout screen"; §8
 * rule_blocks_reserve with block_reason code_required): one 'Code' field and an apply button with
 * the promo input's rules (spec 1 §5: trimmed, 2 to 35 characters, apply disabled below the
 * minimum or while applying). The code goes through the cart store; a failure shows the promo
 * message lookup. The island hides the form once the cart no longer carries the blocking rule.
 */
import { useStore } from "@nanostores/react";
import { type FormEvent, useId, useRef } from "react";
import { PROMO_CODE_MAX } from "../../lib/domain/promo-messages.ts";
import { $cartBusy } from "../../lib/stores/cart.ts";
import { promoTexts, useCodeEntry } from "../cart/useCodeEntry.ts";
import { IslandForm } from "../ui/IslandForm.tsx";
import { useTypedBeforeHydration } from "../ui/useTypedBeforeHydration.ts";
import { type CheckoutStrings, type CheckoutTranslate, isCheckoutStringKey } from "./checkout-strings.ts";

export interface CodeRequiredFormProps {
  /** The blocking rule's description (what the server says the code is for). */
  description: string;
  strings: CheckoutStrings;
  tr: CheckoutTranslate;
  disabled: boolean;
}

export function CodeRequiredForm({ description, strings, tr, disabled }: CodeRequiredFormProps) {
  const busy = useStore($cartBusy);
  const entry = useCodeEntry(
    promoTexts((key, vars) => (isCheckoutStringKey(key) && strings[key] ? tr(key, vars) : undefined)),
  );
  const { value, input, applying, error } = entry;
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(field, value, entry.change);

  async function submit(event: FormEvent) {
    event.preventDefault();
    await entry.apply();
  }

  return (
    <section className="checkout-section checkout-code" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{tr("reserve.code.title")}</h2>
      <p>{description}</p>
      <IslandForm
        className="checkout-giftcard__row"
        onSubmit={submit}
        noValidate
        data-testid="code-required-form"
      >
        <div className={error ? "checkout-field checkout-field--invalid" : "checkout-field"}>
          <label htmlFor={id}>{tr("reserve.code.label")}</label>
          <input
            ref={field}
            id={id}
            name="code"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={PROMO_CODE_MAX * 10}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint ${id}-error`}
            onChange={(event) => entry.change(event.target.value)}
          />
          <span id={`${id}-hint`} className="muted">
            {tr("reserve.code.length")}
          </span>
          <p id={`${id}-error`} className="checkout-field__error" role="alert">
            {error}
          </p>
        </div>
        <button type="submit" className="button" disabled={!input.valid || applying || busy || disabled}>
          {applying ? tr("reserve.code.applying") : tr("reserve.code.apply")}
        </button>
      </IslandForm>
    </section>
  );
}
