/**
 * "Confirm it's you": the proof a change of the e-mail or password needs, shown once the API asked
 * for it (403 reauthentication_required names the proofs the account can give). The current
 * password when the account has one; "Email me a code" (POST my/user/change_code) and the code's
 * field when it has a real address. The form sends whichever is filled. No rules here.
 */
import { forwardRef, type RefObject, useId } from "react";
import type { ChangeProofKind } from "../../lib/domain/account-forms.ts";
import { PASSCODE_LENGTH } from "../../lib/domain/login-input.ts";
import { PASSWORD_MAX } from "../../lib/domain/password-rules.ts";
import { AccountField } from "../ui/AccountField.tsx";
import type { AccountTranslate } from "./account-strings.ts";

export interface ChangeProofFieldsProps {
  tr: AccountTranslate;
  proofs: readonly ChangeProofKind[];
  password: string;
  onPassword: (value: string) => void;
  passwordError: string | null;
  code: string;
  onCode: (value: string) => void;
  codeError: string | null;
  /** The masked address a code went to, once sent. */
  codeSentTo: string | null;
  sendingCode: boolean;
  onSendCode: () => void;
  /** The fields, so the form can focus the one its error is about. */
  passwordRef?: RefObject<HTMLInputElement | null>;
  codeRef?: RefObject<HTMLInputElement | null>;
}

export const ChangeProofFields = forwardRef<HTMLFieldSetElement, ChangeProofFieldsProps>(
  function ChangeProofFields(props, ref) {
    const { tr, proofs } = props;
    const introId = useId();
    return (
      <fieldset ref={ref} className="change-proof" aria-describedby={introId} tabIndex={-1}>
        <legend>{tr("account.proof.legend")}</legend>
        <p id={introId} className="change-proof__intro">
          {tr("account.proof.intro")}
        </p>
        {proofs.includes("current_password") && (
          <AccountField
            ref={props.passwordRef}
            label={tr("account.proof.currentPassword")}
            name="current_password"
            type="password"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX}
            required={false}
            value={props.password}
            onChange={props.onPassword}
            error={props.passwordError}
          />
        )}
        {proofs.includes("email_code") && (
          <div className="change-proof__code">
            <button
              type="button"
              className="button button--secondary"
              onClick={props.onSendCode}
              disabled={props.sendingCode}
              aria-busy={props.sendingCode || undefined}
            >
              {props.sendingCode ? tr("account.sending") : tr("account.proof.sendCode")}
            </button>
            <p className="change-proof__sent" role="status">
              {props.codeSentTo ? tr("account.proof.codeSent", { email: props.codeSentTo }) : null}
            </p>
            {props.codeSentTo && (
              <AccountField
                ref={props.codeRef}
                label={tr("account.proof.code")}
                name="change_code"
                autoComplete="one-time-code"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={PASSCODE_LENGTH}
                required={false}
                value={props.code}
                onChange={props.onCode}
                error={props.codeError}
              />
            )}
          </div>
        )}
      </fieldset>
    );
  },
);
