/**
 * A session's staff actions: close it (visitors then see it as not available; carts already
 * holding it keep their tickets until they check out or expire) or open it again, and change its
 * capacity (never below what is sold and held: the server says the numbers). Each takes a reason,
 * kept in the audit log; the page reloads to show the new state.
 */
import { type FormEvent, useState } from "react";
import { adminApi } from "../../lib/api/admin/client.ts";
import { browserClient } from "../../lib/api/browser.ts";
import { shopperMessage } from "../../lib/api/errors.ts";
import { IslandForm } from "../ui/IslandForm.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import { TextField } from "../ui/TextField.tsx";

export interface SessionActionsProps {
  seller: string;
  sessionId: string;
  closed: boolean;
  capacity: number;
}

export default function SessionActions({ seller, sessionId, closed, capacity }: SessionActionsProps) {
  const api = adminApi(browserClient(), seller);
  const [reason, setReason] = useState("");
  const [places, setPlaces] = useState(capacity < 0 ? "" : String(capacity));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function run(work: () => Promise<unknown>, message: string) {
    setError(null);
    setDone(null);
    if (!reason.trim()) {
      setError("Say why: the reason is kept in the audit log.");
      return;
    }
    setBusy(true);
    try {
      await work();
      setDone(`${message} Reloading…`);
      window.setTimeout(() => window.location.reload(), 1000);
    } catch (e) {
      setError(shopperMessage(e, "The change could not be made."));
    } finally {
      setBusy(false);
    }
  }

  const toggle = (event: FormEvent) => {
    event.preventDefault();
    void run(
      () =>
        closed ? api.reopenSession(sessionId, reason.trim()) : api.closeSession(sessionId, reason.trim()),
      closed ? "The session is open again." : "The session is closed.",
    );
  };

  const resize = (event: FormEvent) => {
    event.preventDefault();
    const value = places.trim() === "" ? -1 : Number(places);
    if (!Number.isInteger(value) || value < -1) {
      setError("Write the capacity as a whole number of places, or leave it empty for no limit.");
      return;
    }
    void run(() => api.setCapacity(sessionId, value, reason.trim()), "The capacity is changed.");
  };

  return (
    <div className="admin-actions">
      {error && (
        <p className="admin-login__error" role="alert">
          {error}
        </p>
      )}
      {done && <p role="status">{done}</p>}
      <TextField
        base="admin-field"
        label="Reason (kept in the audit log)"
        name="reason"
        value={reason}
        onChange={setReason}
      />
      <IslandForm noValidate onSubmit={resize} className="admin-inline-form">
        <TextField
          base="admin-field"
          label="Capacity (places; empty for no limit)"
          name="capacity"
          inputMode="numeric"
          value={places}
          onChange={setPlaces}
        />
        <SubmitButton busy={busy} label="Change the capacity" busyLabel="Saving…" />
      </IslandForm>
      <IslandForm noValidate onSubmit={toggle} className="admin-inline-form">
        <p>
          {closed
            ? "The session is closed: visitors see it as not available."
            : "Closing the session stops its sale; carts holding it keep their tickets until they check out or expire."}
        </p>
        <SubmitButton
          busy={busy}
          label={closed ? "Open the session again" : "Close the session"}
          busyLabel="Saving…"
        />
      </IslandForm>
    </div>
  );
}
