/** One-click resend for a logged-in user (spec 2 §7 POST my/ticket_order/resend). */
import { type FormEvent, useState } from "react";
import { accountCalls, attempt } from "./account-calls.ts";
import { type AccountStrings, accountTranslator, callProblemText } from "./account-strings.ts";
import { SubmitButton } from "./SubmitButton.tsx";

export interface ResendMineProps {
  seller: string;
  /** The account's real e-mail, shown so the user knows where the tickets go; null when none. */
  email: string | null;
  strings: AccountStrings;
}

export function ResendMine({ seller, email, strings }: ResendMineProps) {
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
    const failure = await attempt(async () => (await accountCalls(seller)).resendMyTickets(false));
    setBusy(false);
    if (!failure) setSent(tr("account.resend.sent"));
    else setAlert(callProblemText(tr, failure.status === 429 ? "rateLimited" : "unexpected", failure));
  }

  return (
    <form className="account-form" method="post" noValidate onSubmit={(event) => void submit(event)}>
      <p>{email ? tr("account.resend.mine", { email }) : tr("account.resend.mineNoEmail")}</p>
      <div className="account-form__alert" role="alert">
        {alert}
      </div>
      <SubmitButton busy={busy} label={tr("account.resend.submit")} busyLabel={tr("account.sending")} />
      <p className="account-form__status" role="status">
        {sent}
      </p>
    </form>
  );
}
