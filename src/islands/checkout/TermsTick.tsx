/** The terms tick (spec §5: shown when the tenant has terms), with the link that opens them. */
import { ChoiceInput } from "../ui/ChoiceInput.tsx";
import type { CheckoutTranslate } from "./checkout-strings.ts";

export function TermsTick(props: {
  checked: boolean;
  error: boolean;
  onTick: (checked: boolean) => void;
  onView: () => void;
  tr: CheckoutTranslate;
}) {
  const { error, tr } = props;
  return (
    <div className={`checkout-terms${error ? " checkout-field--invalid" : ""}`}>
      <ChoiceInput
        id="checkout-terms"
        type="checkbox"
        checked={props.checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "checkout-terms-error" : undefined}
        onChange={(event) => props.onTick(event.currentTarget.checked)}
      />
      <label htmlFor="checkout-terms">{tr("checkout.terms.accept")}</label>
      <button type="button" className="link-button" onClick={props.onView}>
        {tr("checkout.terms.view")}
      </button>
      {error && (
        <p id="checkout-terms-error" className="checkout-field__error">
          {tr("checkout.error.terms")}
        </p>
      )}
    </div>
  );
}
