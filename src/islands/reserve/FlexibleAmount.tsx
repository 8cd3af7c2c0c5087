/**
 * A flexible-price input (spec §5): min..max, in steps of the currency's minor unit (0.01, 0.001
 * for KWD), 'Value entered is outside min/max', followed by what would be accepted.
 */
import { useId, useRef } from "react";
import { checkFlexibleAmount, flexibleFieldLabel, outsideMessage } from "../../lib/domain/flexible-price.ts";
import { fromMinor, moneyInputStep } from "../../lib/domain/money.ts";
import { useTypedBeforeHydration } from "../ui/useTypedBeforeHydration.ts";
import { useReserveEnv } from "./context.ts";
import type { ReserveType } from "./props.ts";

interface FlexibleAmountProps {
  type: ReserveType;
  value: string;
  onChange: (value: string) => void;
  problem: "required" | "outside" | undefined;
  label?: string;
}

export function FlexibleAmount({ type, value, onChange, problem: submitted, label }: FlexibleAmountProps) {
  const { props, text, money } = useReserveEnv();
  const { currency } = props;
  const field = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(field, value, onChange);
  // Shown as soon as a typed amount is off the bounds; 'required' only after a submit.
  const live = value.trim() === "" ? undefined : checkFlexibleAmount(value, { ...type, currency });
  const problem =
    live && !live.ok
      ? live.error === "outside"
        ? outsideMessage(live.reason, { ...type, currency }, money, {
            outside: text("reserve.flexible.outside"),
            below: (min) => text("reserve.flexible.below", { min }),
            above: (max) => text("reserve.flexible.above", { max }),
            format: text("reserve.flexible.format"),
          })
        : undefined
      : value.trim() === "" && submitted
        ? text(submitted === "required" ? "reserve.flexible.required" : "reserve.flexible.outside")
        : undefined;
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const bound = (minor: number | undefined) => (minor === undefined ? undefined : fromMinor(minor, currency));
  return (
    <div className="flexible-amount">
      <label htmlFor={id}>{label ?? flexibleFieldLabel(type.name, text("reserve.flexible.label"))}</label>
      <input
        ref={field}
        id={id}
        type="number"
        inputMode="decimal"
        step={moneyInputStep(currency)}
        min={bound(type.min)}
        max={bound(type.max)}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${hintId}${problem ? ` ${errorId}` : ""}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <span id={hintId} className="muted flexible-amount__hint">
        {text("reserve.flexible.range", {
          min: type.min === undefined ? "" : money(type.min),
          max: type.max === undefined ? "" : money(type.max),
        })}
      </span>
      {problem && (
        <span id={errorId} className="field-error" role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}
