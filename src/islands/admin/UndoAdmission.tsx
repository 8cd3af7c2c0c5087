/**
 * Undoes a ticket's admission from the order's page (a scan of the wrong ticket, a visitor who
 * left before going in): a reason, then the ticket is booked again and the page reloads with the
 * undo in the order's audit trail.
 */
import { type FormEvent, useState } from "react";
import { adminApi } from "../../lib/api/admin/client.ts";
import { browserClient } from "../../lib/api/browser.ts";
import { shopperMessage } from "../../lib/api/errors.ts";
import { IslandForm } from "../ui/IslandForm.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import { TextField } from "../ui/TextField.tsx";

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
  async function undo(event: FormEvent) {
    event.preventDefault();
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
    <IslandForm className="admin-undo-form" onSubmit={undo} noValidate>
      <TextField
        base="admin-field"
        label="Why undo it"
        name={`undo-reason-${ticketId}`}
        value={reason}
        onChange={setReason}
        maxLength={300}
        error={error}
      />
      <div className="admin-undo-form__actions">
        <SubmitButton busy={busy} label="Undo admission" busyLabel="Undoing…" />
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setOpen(false)}
          disabled={busy}
        >
          Keep it
        </button>
      </div>
    </IslandForm>
  );
}
