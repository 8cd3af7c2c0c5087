/**
 * The promo code modal (spec 1 §2, §4 "Promo modal", §5, §8): one 'Code' field and an apply
 * button, disabled below the minimum length or while applying; several codes may be comma
 * separated; success closes it; server errors show in the modal, input validation does not.
 */
import { useStore } from "@nanostores/react";
import { type FormEvent, useEffect, useId } from "react";
import { PROMO_CODE_MAX } from "../../lib/domain/promo-messages.ts";
import { $cartBusy } from "../../lib/stores/cart.ts";
import { Dialog } from "../ui/Dialog.tsx";
import { IslandForm } from "../ui/IslandForm.tsx";
import { type CartStrings, type CartTranslate, isCartStringKey } from "./cart-strings.ts";
import { promoTexts, useCodeEntry } from "./useCodeEntry.ts";

interface PromoCodeDialogProps {
  open: boolean;
  onClose: () => void;
  strings: CartStrings;
  tr: CartTranslate;
}

export function PromoCodeDialog({ open, onClose, strings, tr }: PromoCodeDialogProps) {
  const busy = useStore($cartBusy);
  const entry = useCodeEntry(
    promoTexts((key, vars) => (isCartStringKey(key) && strings[key] ? tr(key, vars) : undefined)),
  );
  const { value, input, applying, error } = entry;
  const inputId = useId();
  const errorId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: clear the field each time the modal opens
  useEffect(() => {
    if (open) entry.reset();
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await entry.apply()) onClose();
  }

  return (
    <Dialog
      open={open}
      title={tr("promo.title")}
      closeLabel={tr("dialog.close")}
      onClose={onClose}
      testId="promo-dialog"
    >
      <IslandForm className="promo-form" onSubmit={submit} noValidate>
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
          onChange={(event) => entry.change(event.target.value)}
        />
        <p id={errorId} className="promo-form__error" role="alert">
          {error}
        </p>
        <button type="submit" className="button" disabled={!input.valid || applying || busy}>
          {applying ? tr("promo.applying") : tr("promo.apply")}
        </button>
      </IslandForm>
    </Dialog>
  );
}
