/**
 * Reset password (spec 2 §2, §5, §8): the link was validated by the page, which shows whose
 * password this is. New password and its confirmation with the live requirements list; "Invalid
 * password" when a rule fails, 'Passwords must match.' when they differ. POST password_reset/reset
 * answers 204 without a session, so success shows a message and a link to log in. A link that died
 * meanwhile shows the invalid-link text with a way to request a new one.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import {
  NEW_PASSWORD_MAX,
  type NewPasswordField,
  type NewPasswordProblem,
  resetOutcome,
  validateNewPassword,
} from "../../lib/domain/account-forms.ts";
import { AccountField } from "../ui/AccountField.tsx";
import { IslandForm } from "../ui/IslandForm.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import { accountCalls, attempt } from "./account-calls.ts";
import { type AccountStrings, accountTranslator, callProblemText, problemText } from "./account-strings.ts";
import { PasswordRequirements } from "./PasswordRequirements.tsx";

export interface ResetPasswordFormProps {
  seller: string;
  token: string;
  email: string;
  loginHref: string;
  forgotHref: string;
  strings: AccountStrings;
}

export function ResetPasswordForm({
  seller,
  token,
  email,
  loginHref,
  forgotHref,
  strings,
}: ResetPasswordFormProps) {
  const tr = accountTranslator(strings);
  const requirementsId = useId();
  const passwordInput = useRef<HTMLInputElement>(null);
  const confirmInput = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Partial<Record<NewPasswordField, NewPasswordProblem>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [state, setState] = useState<"form" | "done" | "linkInvalid">("form");
  const [busy, setBusy] = useState(false);
  // Once the form is gone, focus moves to the way on (log in, or request a new link).
  const next = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (state !== "form") next.current?.focus();
  }, [state]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    const check = validateNewPassword({ password, password_confirm: confirm });
    if (!check.ok) {
      setErrors(check.errors);
      (check.errors.password ? passwordInput : confirmInput).current?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    const failure = await attempt(async () =>
      (await accountCalls(seller)).resetPassword(token, check.password),
    );
    setBusy(false);
    const outcome = resetOutcome(failure);
    if (outcome === "done") setState("done");
    else if (outcome === "linkInvalid") setState("linkInvalid");
    else if (outcome === "invalidPassword") {
      setErrors({ password: "invalidPassword" });
      passwordInput.current?.focus();
    } else setAlert(callProblemText(tr, outcome, failure));
  }

  return (
    <div className="account-reset">
      {state === "form" && (
        <IslandForm className="account-form" noValidate onSubmit={(event) => void submit(event)}>
          <p>{tr("account.reset.for", { email })}</p>
          {/* For password managers: whose password this is. */}
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <AccountField
            ref={passwordInput}
            label={tr("account.password.new")}
            name="password"
            type="password"
            autoComplete="new-password"
            maxLength={NEW_PASSWORD_MAX}
            value={password}
            describedBy={requirementsId}
            onChange={(next) => {
              setPassword(next);
              setErrors((current) => ({ ...current, password: undefined }));
            }}
            error={problemText(tr, errors.password)}
          />
          <PasswordRequirements id={requirementsId} password={password} tr={tr} />
          <AccountField
            ref={confirmInput}
            label={tr("account.password.confirm")}
            name="password_confirm"
            type="password"
            autoComplete="new-password"
            maxLength={NEW_PASSWORD_MAX}
            value={confirm}
            onChange={(next) => {
              setConfirm(next);
              setErrors((current) => ({ ...current, password_confirm: undefined }));
            }}
            error={problemText(tr, errors.password_confirm)}
          />
          <SubmitButton busy={busy} label={tr("account.reset.submit")} busyLabel={tr("account.saving")} />
        </IslandForm>
      )}
      <div className="account-form__alert" role="alert">
        {state === "linkInvalid" ? tr("account.reset.invalid") : alert}
      </div>
      <p className="account-form__status" role="status">
        {state === "done" ? tr("account.reset.done") : null}
      </p>
      {state === "done" && (
        <p>
          <a ref={next} className="button" href={loginHref}>
            {tr("account.reset.login")}
          </a>
        </p>
      )}
      {state === "linkInvalid" && (
        <p>
          <a ref={next} href={forgotHref}>
            {tr("account.reset.requestNew")}
          </a>
        </p>
      )}
    </div>
  );
}
