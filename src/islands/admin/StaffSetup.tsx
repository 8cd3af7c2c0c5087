/**
 * A new staff member's setup link: choose a password (the shop's password rules), then log in.
 */
import { type FormEvent, useState } from "react";
import { adminApi } from "../../lib/api/admin/client.ts";
import { browserClient } from "../../lib/api/browser.ts";
import { shopperMessage } from "../../lib/api/errors.ts";
import { isValidPassword } from "../../lib/domain/password-rules.ts";
import { IslandForm } from "../ui/IslandForm.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import { TextField } from "../ui/TextField.tsx";

export interface StaffSetupProps {
  seller: string;
  token: string;
  email: string;
  loginHref: string;
}

export default function StaffSetup({ seller, token, email, loginHref }: StaffSetupProps) {
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isValidPassword(password)) {
      setError("Choose a password of at least 8 characters with letters and digits.");
      return;
    }
    if (password !== again) {
      setError("The two passwords are not the same.");
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await adminApi(browserClient(), seller).setup(token, password);
      setDone(true);
    } catch (e) {
      setError(shopperMessage(e, "The password could not be set. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className="admin-login" role="status">
        <p>Your password is set.</p>
        <a className="button" href={loginHref}>
          Log in
        </a>
      </div>
    );
  }
  return (
    <IslandForm noValidate onSubmit={submit} className="admin-login">
      {error && (
        <p className="admin-login__error" role="alert">
          {error}
        </p>
      )}
      <input type="hidden" name="username" value={email} autoComplete="username" />
      <TextField
        base="admin-field"
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        required
      />
      <TextField
        base="admin-field"
        label="The same password again"
        name="password-again"
        type="password"
        autoComplete="new-password"
        value={again}
        onChange={setAgain}
        required
      />
      <SubmitButton busy={busy} label="Set my password" busyLabel="Saving…" />
    </IslandForm>
  );
}
