/**
 * Set e-mail address (spec 2 §2, §5, §8): e-mail and its confirmation ("Email address is not
 * valid." without a dot in the domain, "Email addresses must match."), then PATCH my/user/{id}.
 * 409: another user account uses that e-mail (the tenant's text asks to contact them to merge).
 * A new address needs more than the session: when the API asks (403 reauthentication_required),
 * "Confirm it's you" shows the current password's field and/or "Email me a code" (ChangeProofFields),
 * and the next save sends the proof. After saving: a status and a link on (the page it came from,
 * or the profile).
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import {
  type ChangeProofKind,
  EMAIL_MAX,
  type SetEmailField,
  type SetEmailProblem,
  setEmailOutcome,
  validateSetEmail,
} from "../../lib/domain/account-forms.ts";
import { AccountField } from "../ui/AccountField.tsx";
import { IslandForm } from "../ui/IslandForm.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import { accountCalls, asCallFailure, attempt } from "./account-calls.ts";
import { type AccountStrings, accountTranslator, callProblemText, problemText } from "./account-strings.ts";
import { ChangeProofFields } from "./ChangeProofFields.tsx";

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
  const proofBox = useRef<HTMLFieldSetElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const [proofs, setProofs] = useState<readonly ChangeProofKind[] | null>(null);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [proofErrors, setProofErrors] = useState<{ password?: string; code?: string }>({});
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [sendingCode, setSendingCode] = useState(false);

  useEffect(() => {
    if (saved) next.current?.focus();
  }, [saved]);
  useEffect(() => {
    if (proofs) proofBox.current?.focus();
  }, [proofs]);

  async function sendCode() {
    if (sendingCode) return;
    setAlert(null);
    setSendingCode(true);
    try {
      setCodeSentTo((await (await accountCalls(seller)).requestChangeCode()).sent_to);
      setProofErrors((current) => ({ ...current, code: undefined }));
    } catch (error) {
      const failure = asCallFailure(error);
      if (failure.status === 401) globalThis.location.assign(loginHref);
      else setAlert(callProblemText(tr, failure.status === 429 ? "rateLimited" : "unexpected", failure));
    } finally {
      setSendingCode(false);
    }
  }

  /** The proof the fields hold: the current password, else the code, else none. */
  const proof = () => {
    if (password && proofs?.includes("current_password")) return { current_password: password };
    if (code.trim() && codeSentTo) return { change_code: code.trim() };
    return {};
  };

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
    setProofErrors({});
    setBusy(true);
    const failure = await attempt(async () =>
      (await accountCalls(seller)).patchUser(identityId, { email: check.email, ...proof() }),
    );
    setBusy(false);
    const outcome = setEmailOutcome(failure);
    if (outcome === "saved") setSaved(true);
    else if (outcome === "proofNeeded") {
      // Asked again with the fields already shown: they were left empty.
      if (proofs) setAlert(tr("account.proof.required"));
      setProofs(failure?.proofs?.length ? failure.proofs : ["email_code"]);
      proofBox.current?.focus();
    } else if (outcome === "passwordIncorrect") {
      setPassword("");
      setProofErrors({ password: tr("account.proof.passwordIncorrect") });
      passwordInput.current?.focus();
    } else if (outcome === "codeIncorrect" || outcome === "codeInvalid") {
      setProofErrors({
        code: tr(outcome === "codeIncorrect" ? "account.proof.codeIncorrect" : "account.proof.codeInvalid"),
      });
      codeInput.current?.focus();
    } else if (outcome === "inUse") setAlert(tr("account.setEmail.inUse"));
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
          {proofs && (
            <ChangeProofFields
              ref={proofBox}
              passwordRef={passwordInput}
              codeRef={codeInput}
              tr={tr}
              proofs={proofs}
              password={password}
              onPassword={(value) => {
                setPassword(value);
                setProofErrors((current) => ({ ...current, password: undefined }));
              }}
              passwordError={proofErrors.password ?? null}
              code={code}
              onCode={(value) => {
                setCode(value);
                setProofErrors((current) => ({ ...current, code: undefined }));
              }}
              codeError={proofErrors.code ?? null}
              codeSentTo={codeSentTo}
              sendingCode={sendingCode}
              onSendCode={() => void sendCode()}
            />
          )}
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
