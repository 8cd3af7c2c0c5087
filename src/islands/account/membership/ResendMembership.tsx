/** 'Resend my membership email' (issue 13; spec 2 §7 POST my/ticket_order/resend with memberships_only). */
import { type FormEvent, useState } from "react";
import { accountCalls, attempt } from "../account-calls.ts";
import { type AccountStrings, accountTranslator, callProblemText } from "../account-strings.ts";
import { SubmitButton } from "../SubmitButton.tsx";

export interface ResendMembershipProps {
  seller: string;
  /** The account's real e-mail, shown so the member knows where the mail goes; null when none. */
  email: string | null;
  strings: AccountStrings;
}

export function ResendMembership({ seller, email, strings }: ResendMembershipProps) {
  const tr = accountTranslator(strings);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    setSent(null);
    setBusy(true);
    const failure = await attempt(async () => (await accountCalls(seller)).resendMyTickets(true));
    setBusy(false);
    if (!failure) setSent(tr("account.membership.resent"));
    else setAlert(callProblemText(tr, failure.status === 429 ? "rateLimited" : "unexpected", failure));
  }

  return (
    <form className="account-form" method="post" noValidate onSubmit={(event) => void submit(event)}>
      <p>
        {email
          ? tr("account.membership.resendIntro", { email })
          : tr("account.membership.resendIntroNoEmail")}
      </p>
      <div className="account-form__alert" role="alert">
        {alert}
      </div>
      <SubmitButton busy={busy} label={tr("account.membership.resend")} busyLabel={tr("account.sending")} />
      <p className="account-form__status" role="status">
        {sent}
      </p>
    </form>
  );
}
