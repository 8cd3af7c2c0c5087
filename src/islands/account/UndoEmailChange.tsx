/**
 * Undo an e-mail change, from the link in the notice mailed to the old address: a confirm button
 * (a link alone must not change anything: mail scanners open links) that POSTs email_change/undo.
 * Done: the restored address and a way to choose a new password; a link that is unknown, used or
 * expired: the invalid-link text.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { IslandForm } from "../ui/IslandForm.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import { accountCalls, asCallFailure } from "./account-calls.ts";
import { type AccountStrings, accountTranslator, callProblemText } from "./account-strings.ts";

export interface UndoEmailChangeProps {
  seller: string;
  token: string;
  /** The forgot-password page, to choose a new password once the change is undone. */
  forgotHref: string;
  strings: AccountStrings;
}

export function UndoEmailChange({ seller, token, forgotHref, strings }: UndoEmailChangeProps) {
  const tr = accountTranslator(strings);
  const [busy, setBusy] = useState(false);
  const [restored, setRestored] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const next = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (restored) next.current?.focus();
  }, [restored]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setAlert(null);
    try {
      setRestored((await (await accountCalls(seller)).undoEmailChange(token)).email);
    } catch (error) {
      const failure = asCallFailure(error);
      if (failure.status === 404 || failure.status === 400) setAlert(tr("account.undoEmail.invalid"));
      else if (failure.status === 409) setAlert(tr("account.setEmail.inUse"));
      else setAlert(callProblemText(tr, failure.status === 429 ? "rateLimited" : "unexpected", failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="account-undo-email">
      {!restored && (
        <IslandForm className="account-form" noValidate onSubmit={(event) => void submit(event)}>
          <p>{tr("account.undoEmail.intro")}</p>
          <div className="account-form__alert" role="alert">
            {alert}
          </div>
          <SubmitButton busy={busy} label={tr("account.undoEmail.submit")} busyLabel={tr("account.saving")} />
        </IslandForm>
      )}
      <p className="account-form__status" role="status">
        {restored ? tr("account.undoEmail.done", { email: restored }) : null}
      </p>
      {restored && (
        <p>
          <a ref={next} className="button" href={forgotHref}>
            {tr("account.undoEmail.resetPassword")}
          </a>
        </p>
      )}
    </div>
  );
}
