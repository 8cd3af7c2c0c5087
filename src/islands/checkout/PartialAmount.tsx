/**
 * The partial-payment choice (spec 2 §4, §5): due, outstanding or other. When the due amount
 * equals the outstanding balance only the outstanding option shows; the other amount is clamped
 * between the due amount and the outstanding balance with two decimals (clampOtherAmount).
 * `onChange` gets the amount (minor units) the pay button charges.
 */
import { useEffect, useId, useState } from "react";
import { clampOtherAmount } from "../../lib/domain/payment-amount.ts";
import { defaultPartialChoice, partialChoices } from "../../lib/domain/payment-plan.ts";
import { ChoiceInput } from "../ui/ChoiceInput.tsx";
import type { CheckoutTranslate } from "./checkout-strings.ts";
import "./extras.css";

type Choice = "due" | "outstanding" | "other";

export interface PartialAmountProps {
  due: number;
  outstanding: number;
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
  money,
  tr,
  disabled,
  onChange,
  instalmentOfOrder,
}: PartialAmountProps) {
  const choices = partialChoices(due, outstanding);
  const [choice, setChoice] = useState<Choice>(() => defaultPartialChoice(choices, { instalmentOfOrder }));
  const [other, setOther] = useState(() => (outstanding / 100).toFixed(2));
  const name = useId();
  const active: Choice = choices.includes(choice) ? choice : "outstanding";
  const amount =
    active === "due"
      ? due
      : active === "other"
        ? clampOtherAmount(Number(other), due, outstanding)
        : outstanding;

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
            step="0.01"
            min={(due / 100).toFixed(2)}
            max={(outstanding / 100).toFixed(2)}
            value={other}
            onChange={(event) => setOther(event.currentTarget.value)}
            onBlur={() => setOther((clampOtherAmount(Number(other), due, outstanding) / 100).toFixed(2))}
          />
        </div>
      )}
    </fieldset>
  );
}
