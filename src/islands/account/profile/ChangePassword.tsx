/**
 * Change my password through the reset flow: the reset pages are for visitors who are not
 * logged in (spec 2 §2), so the profile sends the account's reset link (POST password_reset/request)
 * and says where it went.
 */
import { type FormEvent, useState } from "react";
import { IslandForm } from "../../ui/IslandForm.tsx";
import { SubmitButton } from "../../ui/SubmitButton.tsx";
import { type AccountStrings, accountTranslator } from "../account-strings.ts";
import { requestPasswordLink } from "./profile-calls.ts";

export interface ChangePasswordProps {
  seller: string;
  email: string;
  strings: AccountStrings;
}

export function ChangePassword({ seller, email, strings }: ChangePasswordProps) {
  const tr = accountTranslator(strings);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setStatus(null);
    setAlert(null);
    const outcome = await requestPasswordLink(seller, email);
    setBusy(false);
    if (outcome.ok || outcome.failure.status === 404)
      setStatus(tr("account.profile.changePasswordSent", { email }));
    else
      setAlert(
        outcome.failure.status === 429 ? tr("account.error.rateLimited") : tr("account.error.unexpected"),
      );
  }

  return (
    <IslandForm className="account-form" noValidate onSubmit={(event) => void submit(event)}>
      <p>{tr("account.profile.changePasswordIntro")}</p>
      <div className="account-form__alert" role="alert">
        {alert}
      </div>
      <SubmitButton
        busy={busy}
        label={tr("account.profile.changePassword")}
        busyLabel={tr("account.sending")}
      />
      <p className="account-form__status" role="status">
        {status}
      </p>
    </IslandForm>
  );
}
