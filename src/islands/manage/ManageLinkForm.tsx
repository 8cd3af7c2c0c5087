/**
 * The form that mails the manage link again ("/manage/{id} refuses without a valid token,
 * with a form for the order number and e-mail"): POST ticket_order/manage_link. The answer is the
 * same whether or not they match, so the success text never tells whether an order exists.
 */
import { type FormEvent, useRef, useState } from "react";
import { AccountField } from "../ui/AccountField.tsx";
import { IslandForm } from "../ui/IslandForm.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import { callProblem, type ManageStrings, manageCalls, problemMessage } from "./manage-calls.ts";

export interface ManageLinkFormProps {
  seller: string;
  strings: ManageStrings;
}

export function ManageLinkForm({ seller, strings }: ManageLinkFormProps) {
  const numberInput = useRef<HTMLInputElement>(null);
  const [orderNumber, setOrderNumber] = useState("");
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    setSent(null);
    if (!orderNumber.trim() || !email.trim()) {
      setError(strings["manage.linkAgain.required"]);
      numberInput.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await (await manageCalls(seller)).mailLink(orderNumber.trim(), email.trim());
      setSent(strings["manage.linkAgain.sent"]);
    } catch (failure) {
      setAlert(problemMessage(callProblem(failure), strings));
    } finally {
      setBusy(false);
    }
  }

  return (
    <IslandForm className="account-form manage-link-form" noValidate onSubmit={(e) => void submit(e)}>
      <AccountField
        ref={numberInput}
        label={strings["manage.linkAgain.orderNumber"]}
        name="order_number"
        autoComplete="off"
        maxLength={100}
        value={orderNumber}
        onChange={setOrderNumber}
        error={error}
      />
      <AccountField
        label={strings["manage.linkAgain.email"]}
        name="email"
        type="email"
        autoComplete="email"
        maxLength={254}
        value={email}
        onChange={setEmail}
      />
      <div className="account-form__alert" role="alert">
        {alert}
      </div>
      <SubmitButton
        busy={busy}
        label={strings["manage.linkAgain.submit"]}
        busyLabel={strings["manage.linkAgain.sending"]}
      />
      <p className="account-form__status" role="status">
        {sent}
      </p>
    </IslandForm>
  );
}
