/**
 * Undoes a ticket's admission from the order's page (a scan of the wrong ticket, a visitor who
 * left before going in): a reason, then the ticket is booked again and the page reloads with the
 * undo in the order's audit trail.
 */
import { useId, useState } from "react";
import { adminApi } from "../../lib/api/admin/client.ts";
import { browserClient } from "../../lib/api/browser.ts";
import { shopperMessage } from "../../lib/api/errors.ts";

export interface UndoAdmissionProps {
  seller: string;
  ticketId: string;
  /** Names the ticket in the button's accessible name: "Undo admission of Adult, …". */
  label: string;
}

export default function UndoAdmission({ seller, ticketId, label }: UndoAdmissionProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  async function undo(e: React.FormEvent) {
    e.preventDefault();
    if (!reason.trim()) {
      setError("Say why the admission is undone.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await adminApi(browserClient(), seller).undoAdmission(ticketId, reason.trim());
      window.location.reload();
    } catch (err) {
      setError(shopperMessage(err, "The admission could not be undone."));
      setBusy(false);
    }
  }
  if (!open) {
    return (
      <button type="button" className="button button--secondary admin-undo" onClick={() => setOpen(true)}>
        Undo admission<span className="visually-hidden"> of {label}</span>…
      </button>
    );
  }
  return (
    <form className="admin-undo-form" onSubmit={undo} noValidate>
      <label htmlFor={`${id}-reason`}>Why undo it</label>
      <input
        id={`${id}-reason`}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        maxLength={300}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        // biome-ignore lint/a11y/noAutofocus: the field the button just opened
        autoFocus
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="admin-login__error">
          {error}
        </p>
      )}
      <div className="admin-undo-form__actions">
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          {busy ? "Undoing…" : "Undo admission"}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setOpen(false)}
          disabled={busy}
        >
          Keep it
        </button>
      </div>
    </form>
  );
}
