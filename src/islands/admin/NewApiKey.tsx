/**
 * An admin creates an API key: a name and a role. The key is shown once, here, with a copy button
 * and a plain warning: only its hash is kept, so it cannot be shown again. The list of keys shows
 * the new one after the admin is done with it (the page reloads then, never before, so the key is
 * not lost before it is copied).
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { adminApi } from "../../lib/api/admin/client.ts";
import { browserClient } from "../../lib/api/browser.ts";
import { shopperMessage } from "../../lib/api/errors.ts";
import { ChoiceInput } from "../ui/ChoiceInput.tsx";
import { IslandForm } from "../ui/IslandForm.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import { TextField } from "../ui/TextField.tsx";

export interface NewApiKeyProps {
  seller: string;
}

const ROLES = [
  ["viewer", "Viewer: figures only"],
  ["gate", "Gate: check-in only"],
  ["box_office", "Box office: orders, desk sales and refunds"],
  ["admin", "Admin: everything"],
] as const;

interface Made {
  name: string;
  key: string;
}

export default function NewApiKey({ seller }: NewApiKeyProps) {
  const [name, setName] = useState("");
  const [role, setRole] = useState<string>("viewer");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<Made | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const keyText = useRef<HTMLElement>(null);

  useEffect(() => {
    if (made) heading.current?.focus();
  }, [made]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!name.trim()) {
      setError("Name the key, for example Box office kiosk.");
      return;
    }
    setBusy(true);
    try {
      const answer = await adminApi(browserClient(), seller).createApiKey({ name: name.trim(), role });
      const key = answer.api_key._data[0]?.key;
      if (!key) throw new Error("no key in the answer");
      setMade({ name: name.trim(), key });
      setName("");
    } catch (e) {
      setError(shopperMessage(e, "The key could not be created. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made.key);
      setCopied("Copied.");
    } catch {
      // No clipboard (an insecure origin, a refused permission): select it for the keyboard's copy.
      const node = keyText.current;
      const selection = window.getSelection();
      if (node && selection) {
        const range = document.createRange();
        range.selectNodeContents(node);
        selection.removeAllRanges();
        selection.addRange(range);
      }
      setCopied("The key is selected: copy it with your keyboard.");
    }
  }

  if (made) {
    return (
      <section className="admin-confirm" aria-labelledby="new-key-heading">
        <h3 id="new-key-heading" ref={heading} tabIndex={-1}>
          The key “{made.name}”
        </h3>
        <p className="admin-key-warning">
          <strong>Copy this key now. It will not be shown again:</strong> Foyer keeps only a fingerprint of
          it. If it is lost, revoke it and create another.
        </p>
        <p className="admin-login__secret">
          <code ref={keyText} data-testid="new-api-key">
            {made.key}
          </code>
        </p>
        <p className="admin-key-actions">
          <button type="button" className="button" onClick={copy}>
            Copy the key
          </button>{" "}
          <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
            I have copied it
          </button>
        </p>
        <p role="status">{copied}</p>
      </section>
    );
  }

  return (
    <IslandForm noValidate onSubmit={submit} className="admin-login">
      {error && (
        <p className="admin-login__error" role="alert">
          {error}
        </p>
      )}
      <TextField
        base="admin-field"
        label="Name"
        name="name"
        value={name}
        onChange={setName}
        maxLength={120}
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
      <SubmitButton busy={busy} label="Create the key" busyLabel="Creating…" />
    </IslandForm>
  );
}
