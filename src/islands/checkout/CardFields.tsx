/**
 * The test gateway's card form (DESIGN §6): number, expiry MM/YY (formatted as typed)
 * and CVC, each labelled.
 */
import { formatCardExpiry } from "../../lib/domain/card-expiry.ts";
import type { CardField, CardInput } from "../../lib/domain/payment-amount.ts";
import type { CheckoutTranslate } from "./checkout-strings.ts";
import { TextField } from "./TextField.tsx";

export interface CardFieldsProps {
  value: CardInput;
  errors: Partial<Record<CardField, "required" | "invalid">>;
  onChange: (field: CardField, value: string) => void;
  tr: CheckoutTranslate;
}

export function CardFields({ value, errors, onChange, tr }: CardFieldsProps) {
  const message = (field: CardField, key: Parameters<CheckoutTranslate>[0]) => {
    const error = errors[field];
    if (!error) return undefined;
    return error === "required" ? tr("checkout.error.required") : tr(key);
  };
  return (
    <div className="checkout-card">
      <TextField
        name="card_number"
        label={tr("checkout.card.number")}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
        value={value.number}
        onChange={(next) => onChange("number", next)}
        error={message("number", "checkout.error.cardNumber")}
      />
      <div className="checkout-card__row">
        <TextField
          name="card_expiry"
          label={tr("checkout.card.expiry")}
          inputMode="numeric"
          autoComplete="cc-exp"
          maxLength={7}
          placeholder="MM/YY"
          value={value.expiry}
          onChange={(next) => onChange("expiry", formatCardExpiry(next))}
          error={message("expiry", "checkout.error.cardExpiry")}
        />
        <TextField
          name="card_cvc"
          label={tr("checkout.card.cvc")}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={value.cvc}
          onChange={(next) => onChange("cvc", next)}
          error={message("cvc", "checkout.error.cardCvc")}
        />
      </div>
    </div>
  );
}
