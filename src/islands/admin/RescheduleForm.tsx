/**
 * Reschedule on the visitor's behalf: some or all of the order's tickets of one session move to
 * another session of the same event, with a reason (kept in the audit log), after a confirmation
 * that says what happens: the old places go back on sale, the buyer gets an e-mail with the new
 * time, and the price paid stays as it is whatever the new session costs. The server checks the
 * places again; the page reloads to show the new times.
 */
import { type FormEvent, useId, useState } from "react";
import type { AdminApi } from "../../lib/api/admin/client.ts";
import { shopperMessage } from "../../lib/api/errors.ts";
import { ChoiceSelect } from "../ui/ChoiceInput.tsx";
import { IslandForm } from "../ui/IslandForm.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import { TextField } from "../ui/TextField.tsx";
import { type TicketChoice, TicketChoices, ticketCount } from "./TicketChoices.tsx";

/** The order's booked tickets of one session, and the sessions they could move to. */
export interface MoveChoice {
  sessionId: string;
  label: string;
  tickets: TicketChoice[];
  /** Each with its time alone (`time`) and with its places left (`label`). */
  targets: { id: string; time: string; label: string }[];
}

export function RescheduleForm(props: { api: AdminApi; orderId: string; moves: readonly MoveChoice[] }) {
  const ids = useId();
  const [fromId, setFromId] = useState(props.moves[0]?.sessionId ?? "");
  const from = props.moves.find((m) => m.sessionId === fromId) ?? props.moves[0];
  const [chosen, setChosen] = useState<string[]>(from?.tickets.map((t) => t.id) ?? []);
  const [toId, setToId] = useState("");
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const to = from?.targets.find((t) => t.id === toId);

  function check(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setDone(null);
    if (!from || chosen.length === 0) return setError("Choose the tickets to move.");
    if (!to) return setError("Choose the session to move them to.");
    if (!reason.trim()) return setError("Say why: the reason is kept with the change.");
    setConfirming(true);
  }

  async function move() {
    if (!to) return;
    setBusy(true);
    setError(null);
    try {
      await props.api.reschedule(props.orderId, {
        ticket_ids: chosen,
        session_id: to.id,
        reason: reason.trim(),
      });
      setDone(`Moved ${ticketCount(chosen.length)} to ${to.time}. The buyer gets an e-mail. Reloading…`);
      setConfirming(false);
      window.setTimeout(() => window.location.reload(), 1500);
    } catch (e) {
      setError(shopperMessage(e, "The tickets could not be moved. Nothing was changed."));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  }

  if (!from) return <p>No booked ticket of a session is left to move.</p>;
  return (
    <div className="admin-actions">
      {error && (
        <p className="admin-login__error" role="alert">
          {error}
        </p>
      )}
      {done && <p role="status">{done}</p>}
      <IslandForm noValidate onSubmit={check} className="admin-login">
        <p id={`${ids}-price`} className="admin-lead">
          The visitor keeps the price they paid: a session with another price costs them nothing more and
          gives nothing back.
        </p>
        {props.moves.length > 1 && (
          <div className="admin-field">
            <label htmlFor={`${ids}-from`}>Tickets of</label>
            <ChoiceSelect
              id={`${ids}-from`}
              name="reschedule-from"
              value={from.sessionId}
              onChange={(e) => {
                const next = props.moves.find((m) => m.sessionId === e.currentTarget.value);
                setFromId(e.currentTarget.value);
                setChosen(next?.tickets.map((t) => t.id) ?? []);
                setToId("");
                setConfirming(false);
              }}
            >
              {props.moves.map((m) => (
                <option key={m.sessionId} value={m.sessionId}>
                  {m.label}
                </option>
              ))}
            </ChoiceSelect>
          </div>
        )}
        <TicketChoices
          legend="Tickets to move"
          name="reschedule-ticket"
          tickets={from.tickets}
          chosen={chosen}
          onChange={(update) => {
            setChosen(update);
            setConfirming(false);
          }}
        />
        {from.targets.length === 0 ? (
          <p>Move to: no later session of this event has a place left.</p>
        ) : (
          <div className="admin-field">
            <label htmlFor={`${ids}-to`}>Move to</label>
            <ChoiceSelect
              id={`${ids}-to`}
              name="reschedule-to"
              value={toId}
              aria-describedby={`${ids}-price`}
              onChange={(e) => {
                setToId(e.currentTarget.value);
                setConfirming(false);
              }}
            >
              <option value="">Choose a session</option>
              {from.targets.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.label}
                </option>
              ))}
            </ChoiceSelect>
          </div>
        )}
        <TextField
          base="admin-field"
          label="Why move them (kept in the audit log)"
          name="reschedule-reason"
          value={reason}
          onChange={setReason}
        />
        {!confirming && <SubmitButton busy={false} label="Move tickets…" busyLabel="Move tickets…" />}
      </IslandForm>
      {confirming && to && (
        <fieldset className="admin-confirm">
          <legend>Confirm the change</legend>
          <p>
            Move {ticketCount(chosen.length)} from {from.label} to {to.time}? Their places at the old time go
            back on sale, the buyer gets an e-mail with the new time, and the price paid stays as it is.
          </p>
          <button
            type="button"
            className="button"
            onClick={move}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? "Moving…" : "Yes, move them"}
          </button>{" "}
          <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
            No, go back
          </button>
        </fieldset>
      )}
    </div>
  );
}
