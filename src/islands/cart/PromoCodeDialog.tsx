/**
 * The promo code modal (spec 1 §2, §4 "Promo modal", §5, §8): one 'Code' field and an apply
 * button, disabled below the minimum length or while applying; several codes may be comma
 * separated; success closes it; server errors show in the modal, input validation does not.
 */
import { useStore } from "@nanostores/react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { PROMO_CODE_MAX, parsePromoInput, promoErrorMessage } from "../../lib/domain/promo-messages.ts";
import { $cartBusy, applyCode } from "../../lib/stores/cart.ts";
import { Dialog } from "../ui/Dialog.tsx";
import { type CartStrings, type CartTranslate, isCartStringKey } from "./cart-strings.ts";

interface PromoCodeDialogProps {
  open: boolean;
  onClose: () => void;
  strings: CartStrings;
  tr: CartTranslate;
}

export function PromoCodeDialog({ open, onClose, strings, tr }: PromoCodeDialogProps) {
  const busy = useStore($cartBusy);
  const [value, setValue] = useState("");
  const [applying, setApplying] = useState(false);
  const [error, setError] = useState("");
  const inputId = useId();
  const errorId = useId();
  const input = parsePromoInput(value);

  useEffect(() => {
    if (open) {
      setValue("");
      setError("");
    }
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!input.valid || applying) return;
    setApplying(true);
    setError("");
    try {
      await applyCode(input.codes.join(","));
      onClose();
    } catch (failure) {
      setError(
        promoErrorMessage(failure, input.codes.join(", "), {
          byCode: (code, vars) => {
            const key = `promo.${code}`;
            return isCartStringKey(key) && strings[key] ? tr(key, vars) : undefined;
          },
          invalid: (code) => tr("promo.invalid", { code }),
          unknown: tr("promo.unknown"),
        }),
      );
    } finally {
      setApplying(false);
    }
  }

  return (
    <Dialog open={open} title={tr("promo.title")} onClose={onClose} testId="promo-dialog">
      <form className="promo-form" onSubmit={submit} noValidate>
        <label htmlFor={inputId}>{tr("promo.field")}</label>
        <input
          id={inputId}
          name="code"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={PROMO_CODE_MAX * 10}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setError("");
          }}
        />
        <p id={errorId} className="promo-form__error" role="alert">
          {error}
        </p>
        <button type="submit" className="button" disabled={!input.valid || applying || busy}>
          {applying ? tr("promo.applying") : tr("promo.apply")}
        </button>
      </form>
    </Dialog>
  );
}
