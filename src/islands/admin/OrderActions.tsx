/**
 * An order's staff actions: move tickets to another session (RescheduleForm.tsx); refund the whole
 * order, some of its tickets or an amount, always with a reason (kept in the audit log), after a
 * confirmation that says what will go back; cancel without a refund (CancelForm.tsx); and resend
 * the confirmation. The server decides what may go back (never more than was paid); the page
 * reloads to show the new state.
 */
import { type FormEvent, useState } from "react";
import { adminApi } from "../../lib/api/admin/client.ts";
import { browserClient } from "../../lib/api/browser.ts";
import { shopperMessage } from "../../lib/api/errors.ts";
import { formatMoney, parseMoneyString } from "../../lib/domain/money.ts";
import { ChoiceInput } from "../ui/ChoiceInput.tsx";
import { IslandForm } from "../ui/IslandForm.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import { TextField } from "../ui/TextField.tsx";
import { CancelForm } from "./CancelForm.tsx";
import { type MoveChoice, RescheduleForm } from "./RescheduleForm.tsx";
import { TicketChoices } from "./TicketChoices.tsx";

export interface OrderActionsProps {
  seller: string;
  orderId: string;
  currency: string;
  /** What is left to refund, as a money string. */
  refundable: string;
  /** The booked tickets, each with its words. */
  tickets: { id: string; label: string }[];
  /** The order's booked tickets per session, with the sessions each could move to. */
  moves: MoveChoice[];
  canRefund: boolean;
  /** Reschedule, cancel without a refund, and resend. */
  canChange: boolean;
}

type Kind = "tickets" | "order" | "amount";

/** A money string of the API ("26.50") as the shop writes amounts ("$26.50"). */
function shown(amount: string, currency: string): string {
  try {
    return formatMoney(parseMoneyString(amount, currency), currency);
  } catch {
    return `${currency} ${amount}`;
  }
}

export default function OrderActions(props: OrderActionsProps) {
  const api = adminApi(browserClient(), props.seller);
  const money = (amount: string) => shown(amount, props.currency);
  const [kind, setKind] = useState<Kind>("tickets");
  const [chosen, setChosen] = useState<string[]>([]);
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const scopeWords = () =>
    kind === "order"
      ? `the whole order (${money(props.refundable)} left to refund)`
      : kind === "amount"
        ? `${props.currency} ${amount}`
        : `${chosen.length} ${chosen.length === 1 ? "ticket" : "tickets"}`;

  function check(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setDone(null);
    if (kind === "tickets" && chosen.length === 0) return setError("Choose the tickets to refund.");
    if (kind === "amount" && !amount.trim()) return setError(`Enter the amount in ${props.currency}.`);
    if (!reason.trim()) return setError("Say why: the reason is kept with the refund.");
    setConfirming(true);
  }

  async function refund() {
    setBusy(true);
    setError(null);
    try {
      const scope =
        kind === "order"
          ? ({ kind: "order" } as const)
          : kind === "amount"
            ? ({ kind: "amount", amount: amount.trim() } as const)
            : ({ kind: "tickets", ticket_ids: chosen } as const);
      const answer = await api.refund(props.orderId, { scope, reason: reason.trim() });
      const r = answer.refund._data[0];
      setDone(
        r && r.due !== "0" && !/^0(\.0+)?$/.test(r.due)
          ? `Refunded ${money(r.amount)}: ${money(r.refunded)} given back now, ${money(r.due)} owed (the payment provider refused; it is kept to retry).`
          : `Refunded ${money(r?.amount ?? "0")}. The buyer gets an e-mail. Reloading…`,
      );
      setConfirming(false);
      window.setTimeout(() => window.location.reload(), 1500);
    } catch (e) {
      setError(shopperMessage(e, "The refund could not be made. Nothing was refunded."));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    setBusy(true);
    setError(null);
    try {
      await api.resend(props.orderId);
      setDone("The confirmation is sent again to the buyer.");
    } catch (e) {
      setError(shopperMessage(e, "The confirmation could not be sent."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="admin-actions">
      {props.canChange && (
        <section aria-labelledby="reschedule-heading">
          <h3 id="reschedule-heading">Reschedule</h3>
          <RescheduleForm api={api} orderId={props.orderId} moves={props.moves} />
        </section>
      )}
      {props.canRefund && <h3 id="refund-heading">Refund</h3>}
      {error && (
        <p className="admin-login__error" role="alert">
          {error}
        </p>
      )}
      {done && <p role="status">{done}</p>}
      {props.canRefund && (
        <IslandForm noValidate onSubmit={check} className="admin-login">
          <fieldset className="admin-roles">
            <legend>Refund</legend>
            {(
              [
                ["tickets", "Some tickets"],
                ["order", "The whole order"],
                ["amount", "An amount"],
              ] as const
            ).map(([value, label]) => (
              <label key={value}>
                <ChoiceInput
                  type="radio"
                  name="kind"
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
              legend="Tickets to refund"
              name="ticket"
              tickets={props.tickets}
              chosen={chosen}
              onChange={setChosen}
            />
          )}
          {kind === "amount" && (
            <TextField
              base="admin-field"
              label={`Amount (${props.currency}), at most ${money(props.refundable)}`}
              name="amount"
              value={amount}
              onChange={setAmount}
            />
          )}
          <TextField base="admin-field" label="Reason" name="reason" value={reason} onChange={setReason} />
          {!confirming && <SubmitButton busy={false} label="Refund…" busyLabel="Refund…" />}
        </IslandForm>
      )}
      {confirming && (
        <fieldset className="admin-confirm">
          <legend>Confirm the refund</legend>
          <p>
            Refund {scopeWords()} to the way it was paid? Refunded tickets are cancelled and their places go
            back on sale.
          </p>
          <button
            type="button"
            className="button"
            onClick={refund}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? "Refunding…" : "Yes, refund"}
          </button>{" "}
          <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
            No, go back
          </button>
        </fieldset>
      )}
      {props.canChange && (
        <section aria-labelledby="cancel-heading">
          <h3 id="cancel-heading">Cancel without refund</h3>
          <CancelForm api={api} orderId={props.orderId} tickets={props.tickets} />
        </section>
      )}
      {props.canChange && (
        <p>
          <button type="button" className="button button--secondary" onClick={resend} disabled={busy}>
            Resend the confirmation
          </button>
        </p>
      )}
    </div>
  );
}
