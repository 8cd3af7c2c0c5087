/**
 * One e-mail, one request (spec 2 §2, §8): forgot password (POST password_reset/request), forgot
 * membership (POST ticket_order/resend with memberships_only) and resend tickets (POST
 * ticket_order/resend). The forgot pages always show the same success text, so they never tell
 * whether an account exists; resend says when no orders were found.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import {
  EMAIL_MAX,
  type EmailRequestKind,
  emailProblem,
  emailRequestOutcome,
  normalizeEmail,
} from "../../lib/domain/account-forms.ts";
import { rememberedLoginEmail } from "../login/remembered-email.ts";
import { AccountField } from "../ui/AccountField.tsx";
import { IslandForm } from "../ui/IslandForm.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import { accountCalls, attempt } from "./account-calls.ts";
import {
  type AccountStringKey,
  type AccountStrings,
  accountTranslator,
  callProblemText,
  problemText,
} from "./account-strings.ts";

export interface EmailRequestFormProps {
  seller: string;
  kind: EmailRequestKind;
  strings: AccountStrings;
}

const TEXTS: Record<EmailRequestKind, { submit: AccountStringKey; sent: AccountStringKey }> = {
  forgot_password: { submit: "account.forgotPassword.submit", sent: "account.forgotPassword.sent" },
  forgot_membership: { submit: "account.forgotMembership.submit", sent: "account.forgotMembership.sent" },
  resend: { submit: "account.resend.submit", sent: "account.resend.sent" },
};

export function EmailRequestForm({ seller, kind, strings }: EmailRequestFormProps) {
  const tr = accountTranslator(strings);
  const input = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The forgot-password form opens with the e-mail typed on the login screen (kept in
  // this tab's sessionStorage; after hydration, so server and client render the same). Anything
  // the visitor already typed wins.
  useEffect(() => {
    if (kind !== "forgot_password") return;
    const remembered = rememberedLoginEmail(seller);
    if (remembered) setEmail((current) => current || remembered);
  }, [kind, seller]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    setSent(null);
    const problem = emailProblem(email);
    if (problem) {
      setFieldError(problemText(tr, problem, EMAIL_MAX));
      input.current?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    const value = normalizeEmail(email);
    const failure = await attempt(async () => {
      const api = await accountCalls(seller);
      if (kind === "forgot_password") return api.requestPasswordReset(value);
      return api.resendTickets(value, kind === "forgot_membership");
    });
    setBusy(false);
    const outcome = emailRequestOutcome(kind, failure);
    if (outcome === "sent") setSent(tr(TEXTS[kind].sent));
    else if (outcome === "noOrders") setAlert(tr("account.resend.noOrders"));
    else if (outcome === "invalidEmail") {
      setFieldError(problemText(tr, "invalidEmail"));
      input.current?.focus();
    } else setAlert(callProblemText(tr, outcome, failure));
  }

  return (
    <IslandForm className="account-form" noValidate onSubmit={(event) => void submit(event)}>
      <AccountField
        ref={input}
        label={tr("account.email")}
        name="email"
        type="email"
        autoComplete="email"
        maxLength={EMAIL_MAX}
        value={email}
        onChange={(next) => {
          setEmail(next);
          setFieldError(null);
        }}
        error={fieldError}
      />
      <div className="account-form__alert" role="alert">
        {alert}
      </div>
      <SubmitButton busy={busy} label={tr(TEXTS[kind].submit)} busyLabel={tr("account.sending")} />
      <p className="account-form__status" role="status">
        {sent}
      </p>
    </IslandForm>
  );
}
