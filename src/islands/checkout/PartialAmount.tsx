/**
 * The partial-payment choice (spec 2 §4, §5): due, outstanding or other. When the due amount
 * equals the outstanding balance only the outstanding option shows; the other amount is clamped
 * between the due amount and the outstanding balance in the currency's places (clampOtherAmount).
 * `onChange` gets the amount (minor units) the pay button charges.
 */
import { useEffect, useId, useState } from "react";
import { chargeInputStep, toMoneyString } from "../../lib/domain/money.ts";
import { clampOtherAmount } from "../../lib/domain/payment-amount.ts";
import { defaultPartialChoice, partialChoices } from "../../lib/domain/payment-plan.ts";
import { ChoiceInput } from "../ui/ChoiceInput.tsx";
import type { CheckoutTranslate } from "./checkout-strings.ts";
import "./extras.css";

type Choice = "due" | "outstanding" | "other";

export interface PartialAmountProps {
  due: number;
  outstanding: number;
  /** The seller's currency: the other amount is typed in its places ("2.500" KWD). */
  currency: string;
  money: (minor: number) => string;
  tr: CheckoutTranslate;
  disabled: boolean;
  onChange: (amount: number) => void;
  /** Paying an existing order's instalment (its 'Pay now'), not a new purchase: the due amount first. */
  instalmentOfOrder: boolean;
}

export function PartialAmount({
  due,
  outstanding,
  currency,
  money,
  tr,
  disabled,
  onChange,
  instalmentOfOrder,
}: PartialAmountProps) {
  const clamp = (entered: string) => clampOtherAmount(Number(entered), due, outstanding, currency);
  const choices = partialChoices(due, outstanding);
  const [choice, setChoice] = useState<Choice>(() => defaultPartialChoice(choices, { instalmentOfOrder }));
  const [other, setOther] = useState(() => toMoneyString(outstanding, currency));
  const name = useId();
  const active: Choice = choices.includes(choice) ? choice : "outstanding";
  const amount = active === "due" ? due : active === "other" ? clamp(other) : outstanding;

  useEffect(() => onChange(amount), [amount, onChange]);

  if (choices.length === 1) return null;
  const label = (c: Choice) =>
    c === "due"
      ? tr("checkout.amount.due", { amount: money(due) })
      : c === "outstanding"
        ? tr("checkout.amount.outstanding", { amount: money(outstanding) })
        : tr("checkout.amount.other");
  return (
    <fieldset className="checkout-section checkout-amount" disabled={disabled}>
      <legend>{tr("checkout.amount.title")}</legend>
      {choices.map((c) => (
        <label key={c} className="checkout-amount__option">
          <ChoiceInput
            type="radio"
            name={name}
            value={c}
            checked={active === c}
            onChange={() => setChoice(c)}
          />
          <span>{label(c)}</span>
        </label>
      ))}
      {active === "other" && (
        <div className="checkout-field">
          <label htmlFor={`${name}-other`}>
            {tr("checkout.amount.otherLabel", {
              min: money(Math.min(due, outstanding)),
              max: money(outstanding),
            })}
          </label>
          <input
            id={`${name}-other`}
            type="number"
            inputMode="decimal"
            step={chargeInputStep(currency)}
            min={toMoneyString(due, currency)}
            max={toMoneyString(outstanding, currency)}
            value={other}
            onChange={(event) => setOther(event.currentTarget.value)}
            onBlur={() => setOther(toMoneyString(clamp(other), currency))}
          />
        </div>
      )}
    </fieldset>
  );
}
