/**
 * One-click resend for a logged-in user (spec 2 §7 POST my/ticket_order/resend): the tickets of
 * their orders, or with `membershipsOnly` 'Resend my membership email' (memberships_only).
 */
import { type FormEvent, useState } from "react";
import { IslandForm } from "../ui/IslandForm.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import { accountCalls, attempt } from "./account-calls.ts";
import { type AccountStrings, accountTranslator, callProblemText } from "./account-strings.ts";

export interface ResendMineProps {
  seller: string;
  /** The account's real e-mail, shown so the user knows where the tickets go; null when none. */
  email: string | null;
  strings: AccountStrings;
  /** 'Resend my membership email': only the membership mail (memberships_only). */
  membershipsOnly?: boolean;
}

/** The texts of each kind of resend. */
const TEXTS = {
  tickets: {
    intro: "account.resend.mine",
    introNoEmail: "account.resend.mineNoEmail",
    submit: "account.resend.submit",
    sent: "account.resend.sent",
  },
  memberships: {
    intro: "account.membership.resendIntro",
    introNoEmail: "account.membership.resendIntroNoEmail",
    submit: "account.membership.resend",
    sent: "account.membership.resent",
  },
} as const;

export function ResendMine({ seller, email, strings, membershipsOnly = false }: ResendMineProps) {
  const text = TEXTS[membershipsOnly ? "memberships" : "tickets"];
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
    const failure = await attempt(async () => (await accountCalls(seller)).resendMyTickets(membershipsOnly));
    setBusy(false);
    if (!failure) setSent(tr(text.sent));
    else setAlert(callProblemText(tr, failure.status === 429 ? "rateLimited" : "unexpected", failure));
  }

  return (
    <IslandForm className="account-form" noValidate onSubmit={(event) => void submit(event)}>
      <p>{email ? tr(text.intro, { email }) : tr(text.introNoEmail)}</p>
      <div className="account-form__alert" role="alert">
        {alert}
      </div>
      <SubmitButton busy={busy} label={tr(text.submit)} busyLabel={tr("account.sending")} />
      <p className="account-form__status" role="status">
        {sent}
      </p>
    </IslandForm>
  );
}
