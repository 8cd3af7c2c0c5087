/**
 * An admin invites a colleague: name, e-mail and role (and a box office member's refund limit).
 * The colleague gets a setup link by e-mail; the list below the form shows them once the page
 * reloads.
 */
import { type FormEvent, useState } from "react";
import { adminApi } from "../../lib/api/admin/client.ts";
import { browserClient } from "../../lib/api/browser.ts";
import { shopperMessage } from "../../lib/api/errors.ts";
import { parseMoneyString } from "../../lib/domain/money.ts";
import { ChoiceInput } from "../ui/ChoiceInput.tsx";
import { IslandForm } from "../ui/IslandForm.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import { TextField } from "../ui/TextField.tsx";

export interface InviteStaffProps {
  seller: string;
  currency: string;
}

const ROLES = [
  ["box_office", "Box office: orders, desk sales and refunds up to a limit"],
  ["gate", "Gate: check-in only"],
  ["viewer", "Viewer: figures only"],
  ["admin", "Admin: everything"],
] as const;

export default function InviteStaff({ seller, currency }: InviteStaffProps) {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<string>("box_office");
  const [limit, setLimit] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setDone(null);
    if (!name.trim() || !email.trim()) {
      setError("Enter the name and the e-mail address.");
      return;
    }
    let refundLimit: number | null = null;
    if (role === "box_office" && limit.trim()) {
      try {
        refundLimit = parseMoneyString(limit.trim(), currency);
      } catch {
        setError(`Write the refund limit as an amount in ${currency}, for example 100.00.`);
        return;
      }
    }
    setBusy(true);
    try {
      await adminApi(browserClient(), seller).invite({ name, email, role, refund_limit: refundLimit });
      setDone(`${name} is invited: a setup link is on its way to ${email}.`);
      setName("");
      setEmail("");
      setLimit("");
    } catch (e) {
      setError(shopperMessage(e, "The invitation could not be sent. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <IslandForm noValidate onSubmit={submit} className="admin-login">
      {error && (
        <p className="admin-login__error" role="alert">
          {error}
        </p>
      )}
      {done && <p role="status">{done}</p>}
      <TextField base="admin-field" label="Name" name="name" value={name} onChange={setName} required />
      <TextField
        base="admin-field"
        label="E-mail address"
        name="email"
        type="email"
        value={email}
        onChange={setEmail}
        required
      />
      <fieldset className="admin-roles">
        <legend>Role</legend>
        {ROLES.map(([value, label]) => (
          <label key={value}>
            <ChoiceInput
              type="radio"
              name="role"
              value={value}
              checked={role === value}
              onChange={() => setRole(value)}
            />{" "}
            {label}
          </label>
        ))}
      </fieldset>
      {role === "box_office" && (
        <TextField
          base="admin-field"
          label={`Refund limit (${currency}, empty for none)`}
          name="refund_limit"
          inputMode="text"
          value={limit}
          onChange={setLimit}
        />
      )}
      <SubmitButton busy={busy} label="Send the invitation" busyLabel="Sending…" />
    </IslandForm>
  );
}
