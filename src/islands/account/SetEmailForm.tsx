/**
 * Set e-mail address (spec 2 §2, §5, §8): e-mail and its confirmation ("Email address is not
 * valid." without a dot in the domain, "Email addresses must match."), then PATCH my/user/{id}.
 * 409: another user account uses that e-mail (the tenant's text asks to contact them to merge).
 * After saving: a status and a link on (the page it came from, or the profile).
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import {
  EMAIL_MAX,
  type SetEmailField,
  type SetEmailProblem,
  setEmailOutcome,
  validateSetEmail,
} from "../../lib/domain/account-forms.ts";
import { IslandForm } from "../ui/IslandForm.tsx";
import { AccountField } from "./AccountField.tsx";
import { accountCalls, attempt } from "./account-calls.ts";
import { type AccountStrings, accountTranslator, callProblemText, problemText } from "./account-strings.ts";
import { SubmitButton } from "./SubmitButton.tsx";

export interface SetEmailFormProps {
  seller: string;
  identityId: string;
  /** Where "Continue" goes once saved. */
  continueHref: string;
  /** Where a visitor whose session ended goes (the login page, coming back here). */
  loginHref: string;
  strings: AccountStrings;
}

export function SetEmailForm({ seller, identityId, continueHref, loginHref, strings }: SetEmailFormProps) {
  const tr = accountTranslator(strings);
  const emailInput = useRef<HTMLInputElement>(null);
  const confirmInput = useRef<HTMLInputElement>(null);
  const next = useRef<HTMLAnchorElement>(null);
  const [email, setEmail] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Partial<Record<SetEmailField, SetEmailProblem>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (saved) next.current?.focus();
  }, [saved]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    const check = validateSetEmail({ email, email_confirm: confirm });
    if (!check.ok) {
      setErrors(check.errors);
      (check.errors.email ? emailInput : confirmInput).current?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    const failure = await attempt(async () =>
      (await accountCalls(seller)).patchUser(identityId, { email: check.email }),
    );
    setBusy(false);
    const outcome = setEmailOutcome(failure);
    if (outcome === "saved") setSaved(true);
    else if (outcome === "inUse") setAlert(tr("account.setEmail.inUse"));
    else if (outcome === "loggedOut") globalThis.location.assign(loginHref);
    else if (outcome === "invalidEmail") {
      setErrors({ email: "invalidEmail" });
      emailInput.current?.focus();
    } else setAlert(callProblemText(tr, outcome, failure));
  }

  return (
    <div className="account-set-email">
      {!saved && (
        <IslandForm className="account-form" noValidate onSubmit={(event) => void submit(event)}>
          <AccountField
            ref={emailInput}
            label={tr("account.email")}
            name="email"
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            value={email}
            onChange={(value) => {
              setEmail(value);
              setErrors((current) => ({ ...current, email: undefined }));
            }}
            error={problemText(tr, errors.email, EMAIL_MAX)}
          />
          <AccountField
            ref={confirmInput}
            label={tr("account.emailConfirm")}
            name="email_confirm"
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            value={confirm}
            onChange={(value) => {
              setConfirm(value);
              setErrors((current) => ({ ...current, email_confirm: undefined }));
            }}
            error={problemText(tr, errors.email_confirm, EMAIL_MAX)}
          />
          <div className="account-form__alert" role="alert">
            {alert}
          </div>
          <SubmitButton busy={busy} label={tr("account.setEmail.submit")} busyLabel={tr("account.saving")} />
        </IslandForm>
      )}
      <p className="account-form__status" role="status">
        {saved ? tr("account.setEmail.done") : null}
      </p>
      {saved && (
        <p>
          <a ref={next} className="button" href={continueHref}>
            {tr("account.setEmail.continue")}
          </a>
        </p>
      )}
    </div>
  );
}
