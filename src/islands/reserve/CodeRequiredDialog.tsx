/**
 * The code-required dialog (spec §8: rule_blocks_reserve with block_reason code_required): one
 * 'Code' field, trimmed, required, 2 to 35 characters; apply is disabled below the minimum or while
 * applying. Server errors show in the dialog.
 */
import { useId, useState } from "react";
import { PROMO_CODE_MAX, PROMO_CODE_MIN } from "../../lib/domain/promo-input.ts";
import { Dialog } from "../ui/Dialog.tsx";
import { IslandForm } from "../ui/IslandForm.tsx";
import { useReserveEnv } from "./context.ts";
import type { CodeDialogState } from "./useReserveSubmit.ts";

interface CodeRequiredDialogProps {
  state: CodeDialogState;
  onApply: (code: string) => void;
  onClose: () => void;
}

export function CodeRequiredDialog({ state, onApply, onClose }: CodeRequiredDialogProps) {
  const { text } = useReserveEnv();
  const [code, setCode] = useState("");
  const id = useId();
  const trimmed = code.trim();
  const tooShort = trimmed.length < PROMO_CODE_MIN;
  const formId = `${id}-form`;
  return (
    <Dialog
      open={state.open}
      title={text("reserve.code.title")}
      closeLabel={text("dialog.close")}
      onClose={onClose}
      testId="code-required-dialog"
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {text("reserve.code.cancel")}
          </button>
          <button type="submit" form={formId} className="button" disabled={tooShort || state.applying}>
            {state.applying ? text("reserve.code.applying") : text("reserve.code.apply")}
          </button>
        </>
      }
    >
      <IslandForm
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          if (!tooShort && !state.applying) onApply(trimmed);
        }}
      >
        <p>{text("reserve.code.intro")}</p>
        <div className="field">
          <label htmlFor={id}>{text("reserve.code.label")}</label>
          <input
            id={id}
            autoComplete="off"
            required
            minLength={PROMO_CODE_MIN}
            maxLength={PROMO_CODE_MAX}
            value={code}
            aria-invalid={state.error ? true : undefined}
            aria-describedby={`${id}-hint${state.error ? ` ${id}-error` : ""}`}
            onChange={(e) => setCode(e.target.value)}
          />
          <span id={`${id}-hint`} className="muted">
            {text("reserve.code.length")}
          </span>
          {state.error && (
            <span id={`${id}-error`} className="field-error" role="alert">
              {state.error}
            </span>
          )}
        </div>
      </IslandForm>
    </Dialog>
  );
}
