/**
 * The donation add at checkout (spec 2 §1, §2): preset amounts and a flexible amount within the
 * donation type's min and max (flexible-price.ts: 'Value entered is outside min/max'). It adds
 * one donation through the cart store's addToCart (no optimistic update); the sidebar and the
 * totals follow the store.
 */
import { useId, useRef, useState } from "react";
import { failureOf } from "../../lib/api/errors.ts";
import type { DonationOffer } from "../../lib/domain/donation-offer.ts";
import { checkFlexibleAmount, outsideMessage } from "../../lib/domain/flexible-price.ts";
import { moneyInputStep, toMoneyString } from "../../lib/domain/money.ts";
import { addToCart } from "../../lib/stores/cart.ts";
import { ChoiceInput } from "../ui/ChoiceInput.tsx";
import { useTypedBeforeHydration } from "../ui/useTypedBeforeHydration.ts";
import type { CheckoutTranslate } from "./checkout-strings.ts";
import "./extras.css";

export interface DonationAddProps {
  offer: DonationOffer;
  /** The seller's currency: the other amount is typed and sent in its places ("2.500" KWD). */
  currency: string;
  money: (minor: number) => string;
  tr: CheckoutTranslate;
  disabled: boolean;
}

type Choice = number | "other";

export function DonationAdd({ offer, currency, money, tr, disabled }: DonationAddProps) {
  const bounds = { ...offer, currency };
  const name = useId();
  const [choice, setChoice] = useState<Choice>(offer.presets[0] ?? "other");
  const [other, setOther] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(field, other, setOther);
  // An other amount off the bounds disables the button, and the field says why.
  const check = choice === "other" ? checkFlexibleAmount(other, bounds) : null;
  const refusal =
    check && !check.ok && check.error === "outside"
      ? outsideMessage(check.reason, bounds, money, {
          outside: tr("checkout.donation.outside"),
          below: (min) => tr("checkout.donation.below", { min }),
          above: (max) => tr("checkout.donation.above", { max }),
          format: tr("checkout.donation.format"),
        })
      : null;

  async function add() {
    let amount: number;
    if (choice === "other") {
      if (!check?.ok) return;
      amount = check.amount;
    } else amount = choice;
    setError(null);
    setDone(null);
    setBusy(true);
    try {
      await addToCart({
        add: [{ ticket_type_id: offer.ticketTypeId, face_value: toMoneyString(amount, currency) }],
      });
      setDone(tr("checkout.donation.added", { amount: money(amount) }));
    } catch (failure) {
      setError(failureOf(failure).description || tr("checkout.error.unexpected"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset className="checkout-section checkout-donation" disabled={disabled || busy}>
      <legend>{tr("checkout.donation.title")}</legend>
      <p className="muted">{tr("checkout.donation.body")}</p>
      <div className="checkout-donation__options">
        {offer.presets.map((amount) => (
          <label key={amount} className="checkout-amount__option">
            <ChoiceInput
              type="radio"
              name={name}
              checked={choice === amount}
              onChange={() => setChoice(amount)}
            />
            <span>{money(amount)}</span>
          </label>
        ))}
        <label className="checkout-amount__option">
          <ChoiceInput
            type="radio"
            name={name}
            checked={choice === "other"}
            onChange={() => setChoice("other")}
          />
          <span>{tr("checkout.donation.other")}</span>
        </label>
      </div>
      {choice === "other" && (
        <div className={`checkout-field${refusal ? " checkout-field--invalid" : ""}`}>
          <label htmlFor={`${name}-amount`}>{tr("checkout.donation.other")}</label>
          <input
            id={`${name}-amount`}
            type="number"
            inputMode="decimal"
            step={moneyInputStep(currency)}
            min={offer.min === undefined ? undefined : toMoneyString(offer.min, currency)}
            max={offer.max === undefined ? undefined : toMoneyString(offer.max, currency)}
            value={other}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? `${name}-refusal` : undefined}
            onChange={(event) => setOther(event.currentTarget.value)}
          />
          {refusal && (
            <p id={`${name}-refusal`} className="checkout-field__error" role="alert">
              {refusal}
            </p>
          )}
        </div>
      )}
      {error && (
        <p className="checkout-field__error" role="alert">
          {error}
        </p>
      )}
      {done && <p role="status">{done}</p>}
      <button
        type="button"
        className="button button--secondary"
        disabled={check ? !check.ok : false}
        onClick={() => void add()}
        aria-busy={busy}
      >
        {busy ? tr("checkout.donation.adding") : tr("checkout.donation.add")}
      </button>
    </fieldset>
  );
}
