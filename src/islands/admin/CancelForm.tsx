/**
 * Cancel without a refund (a comp, a no-show the venue keeps the money of): the whole order or
 * some of its tickets, always with a reason (kept in the audit log), after a confirmation that says
 * plainly that no money goes back. The places go back on sale and the buyer gets an e-mail; the
 * page reloads to show the new state.
 */
import { type FormEvent, useState } from "react";
import type { AdminApi } from "../../lib/api/admin/client.ts";
import { shopperMessage } from "../../lib/api/errors.ts";
import { ChoiceInput } from "../ui/ChoiceInput.tsx";
import { IslandForm } from "../ui/IslandForm.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import { TextField } from "../ui/TextField.tsx";
import { type TicketChoice, TicketChoices, ticketCount } from "./TicketChoices.tsx";

export function CancelForm(props: { api: AdminApi; orderId: string; tickets: readonly TicketChoice[] }) {
  const [kind, setKind] = useState<"tickets" | "order">("tickets");
  const [chosen, setChosen] = useState<string[]>([]);
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const what =
    kind === "order" ? `the whole order (${ticketCount(props.tickets.length)})` : ticketCount(chosen.length);

  function check(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setDone(null);
    if (kind === "tickets" && chosen.length === 0) return setError("Choose the tickets to cancel.");
    if (!reason.trim()) return setError("Say why: the reason is kept with the cancellation.");
    setConfirming(true);
  }

  async function cancel() {
    setBusy(true);
    setError(null);
    try {
      const answer = await props.api.cancel(props.orderId, {
        ...(kind === "tickets" ? { ticket_ids: chosen } : {}),
        reason: reason.trim(),
      });
      const n = answer.cancellation._data[0]?.cancelled_ticket_ids.length ?? 0;
      setDone(`Cancelled ${ticketCount(n)}, without a refund. The buyer gets an e-mail. Reloading…`);
      setConfirming(false);
      window.setTimeout(() => window.location.reload(), 1500);
    } catch (e) {
      setError(shopperMessage(e, "The tickets could not be cancelled. Nothing was changed."));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="admin-actions">
      {error && (
        <p className="admin-login__error" role="alert">
          {error}
        </p>
      )}
      {done && <p role="status">{done}</p>}
      <IslandForm noValidate onSubmit={check} className="admin-login">
        <fieldset className="admin-roles">
          <legend>What to cancel</legend>
          {(
            [
              ["tickets", "Some tickets"],
              ["order", "The whole order"],
            ] as const
          ).map(([value, label]) => (
            <label key={value}>
              <ChoiceInput
                type="radio"
                name="cancel-kind"
                value={value}
                checked={kind === value}
                onChange={() => {
                  setKind(value);
                  setConfirming(false);
                }}
              />{" "}
              {label}
            </label>
          ))}
        </fieldset>
        {kind === "tickets" && (
          <TicketChoices
            legend="Tickets to cancel"
            name="cancel-ticket"
            tickets={props.tickets}
            chosen={chosen}
            onChange={(update) => {
              setChosen(update);
              setConfirming(false);
            }}
          />
        )}
        <TextField
          base="admin-field"
          label="Why cancel (kept in the audit log)"
          name="cancel-reason"
          value={reason}
          onChange={setReason}
        />
        {!confirming && <SubmitButton busy={false} label="Cancel tickets…" busyLabel="Cancel tickets…" />}
      </IslandForm>
      {confirming && (
        <fieldset className="admin-confirm">
          <legend>Confirm the cancellation</legend>
          <p>
            Cancel {what} <strong>without a refund</strong>? No money goes back to the buyer: to give money
            back, use Refund instead. The places go back on sale, and the buyer gets an e-mail.
          </p>
          <button
            type="button"
            className="button"
            onClick={cancel}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? "Cancelling…" : "Yes, cancel without refund"}
          </button>{" "}
          <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
            No, go back
          </button>
        </fieldset>
      )}
    </div>
  );
}
