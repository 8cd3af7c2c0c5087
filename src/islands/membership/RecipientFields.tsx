/**
 * The gift recipient's contact block (spec 1 §2, §5): the identity form's fields without first_name,
 * last_name, password, password_confirm and newsletter — the e-mail and its confirmation — plus the
 * recipient's name, which the giftee payload needs (spec 1 §3).
 */
import { useEffect, useId, useRef } from "react";
import { EMAIL_MAX, NAME_MAX } from "../../lib/domain/identity-form.ts";
import type { FormText } from "./form-text.ts";

export interface Recipient {
  first: string;
  last: string;
  email: string;
  emailConfirm: string;
}

export const emptyRecipient = (): Recipient => ({ first: "", last: "", email: "", emailConfirm: "" });

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function RecipientFields({
  value,
  onChange,
  text,
  disabled,
}: {
  value: Recipient;
  onChange: (value: Recipient) => void;
  text: FormText;
  disabled: boolean;
}) {
  const id = useId();
  const confirm = useRef<HTMLInputElement>(null);
  const mismatch = value.emailConfirm !== "" && !sameEmail(value.email, value.emailConfirm);
  // Native validity carries the rule, so the form's first-invalid-field check stops here too.
  useEffect(() => {
    confirm.current?.setCustomValidity(mismatch ? text("membershipForm.emailMismatch") : "");
  }, [mismatch, text]);
  const set = (patch: Partial<Recipient>) => onChange({ ...value, ...patch });
  return (
    <section className="reserve__section membership-recipient" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{text("membershipForm.recipient.heading")}</h3>
      <p className="muted">{text("membershipForm.recipient.hint")}</p>
      <div className="admit-row">
        <div className="field">
          <label htmlFor={`${id}-first`}>
            {text("membershipForm.recipient.first")}
            <span aria-hidden="true"> *</span>
          </label>
          <input
            id={`${id}-first`}
            required
            maxLength={NAME_MAX}
            autoComplete="off"
            disabled={disabled}
            value={value.first}
            onChange={(e) => set({ first: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-last`}>
            {text("membershipForm.recipient.last")}
            <span aria-hidden="true"> *</span>
          </label>
          <input
            id={`${id}-last`}
            required
            maxLength={NAME_MAX}
            autoComplete="off"
            disabled={disabled}
            value={value.last}
            onChange={(e) => set({ last: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>
            {text("membershipForm.recipient.email")}
            <span aria-hidden="true"> *</span>
          </label>
          <input
            id={`${id}-email`}
            type="email"
            required
            maxLength={EMAIL_MAX}
            autoComplete="off"
            disabled={disabled}
            value={value.email}
            onChange={(e) => set({ email: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-confirm`}>
            {text("membershipForm.recipient.emailConfirm")}
            <span aria-hidden="true"> *</span>
          </label>
          <input
            ref={confirm}
            id={`${id}-confirm`}
            type="email"
            required
            maxLength={EMAIL_MAX}
            autoComplete="off"
            disabled={disabled}
            aria-invalid={mismatch || undefined}
            aria-describedby={mismatch ? `${id}-confirm-error` : undefined}
            value={value.emailConfirm}
            onChange={(e) => set({ emailConfirm: e.target.value })}
          />
          {mismatch && (
            <span id={`${id}-confirm-error`} className="field-error">
              {text("membershipForm.emailMismatch")}
            </span>
          )}
        </div>
      </div>
    </section>
  );
}
