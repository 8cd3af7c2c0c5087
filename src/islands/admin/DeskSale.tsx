/**
 * The box office's desk sale: a day, one of its sessions, how many of each ticket type (with the
 * total read out as it changes), the buyer if they want the tickets by e-mail, and how they paid:
 * card on the desk's terminal, or cash with the change worked out from what was handed over. Sell
 * answers the order number with the tickets to print or e-mail and a link to the order. The server
 * decides the price, the places and the payment; the island only adds up what it shows.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { adminApi } from "../../lib/api/admin/client.ts";
import type { DeskDayView, DeskSaleView, DeskSessionView } from "../../lib/api/admin/schemas.ts";
import { browserClient } from "../../lib/api/browser.ts";
import { shopperMessage } from "../../lib/api/errors.ts";
import { formatMoney, parseMoneyString } from "../../lib/domain/money.ts";
import { ChoiceInput } from "../ui/ChoiceInput.tsx";
import { IslandForm } from "../ui/IslandForm.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import { TextField } from "../ui/TextField.tsx";

export interface DeskSaleProps {
  seller: string;
  /** The router base, for the links to the tickets and the order. */
  base: string;
  locale: string;
  initialDay: DeskDayView;
}

type Method = "card" | "cash";

const MAX_TICKETS = 50;

/** Minor units of a money string, or null when it is not one in this currency. */
function minorOf(amount: string, currency: string): number | null {
  try {
    return parseMoneyString(amount.trim(), currency);
  } catch {
    return null;
  }
}

function quantityOf(text: string | undefined): number {
  const n = Number((text ?? "").trim() || "0");
  return Number.isInteger(n) && n >= 0 ? n : Number.NaN;
}

/** Why a session cannot be sold now, or null when it can. */
function notSellable(session: DeskSessionView): string | null {
  if (session.started) return "started";
  if (session.closed) return "closed";
  if (session.remaining === 0) return "sold out";
  if (session.ticket_types.length === 0) return "seated only: sell in the shop";
  return null;
}

export default function DeskSale(props: DeskSaleProps) {
  const api = adminApi(browserClient(), props.seller);
  const [day, setDay] = useState<DeskDayView>(props.initialDay);
  const [date, setDate] = useState(props.initialDay.date);
  const [loadingDay, setLoadingDay] = useState(false);
  const [sessionId, setSessionId] = useState("");
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [email, setEmail] = useState("");
  const [emailTickets, setEmailTickets] = useState(false);
  const [method, setMethod] = useState<Method>("card");
  const [last4, setLast4] = useState("");
  const [reference, setReference] = useState("");
  const [tendered, setTendered] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sale, setSale] = useState<DeskSaleView | null>(null);
  const [mailTo, setMailTo] = useState("");
  const [mailNote, setMailNote] = useState<string | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  const currency = day.currency;
  const money = (minor: number) => formatMoney(minor, currency, props.locale);
  const moneyText = (amount: string) => {
    const minor = minorOf(amount, currency);
    return minor === null ? `${currency} ${amount}` : money(minor);
  };
  const session = day.sessions.find((x) => x.session_id === sessionId) ?? null;
  // Sessions that have started are no longer sold: counted, not listed.
  const open = day.sessions.filter((x) => !x.started);
  const started = day.sessions.length - open.length;
  const lines = (session?.ticket_types ?? [])
    .map((type) => ({ type, quantity: quantityOf(quantities[type.id]) }))
    .filter((l) => l.quantity !== 0);
  const badQuantity = lines.some((l) => Number.isNaN(l.quantity));
  const count = badQuantity ? 0 : lines.reduce((sum, l) => sum + l.quantity, 0);
  const total = badQuantity
    ? 0
    : lines.reduce((sum, l) => sum + l.quantity * (minorOf(l.type.price, currency) ?? 0), 0);
  const tenderedMinor = tendered.trim() ? minorOf(tendered, currency) : null;
  const change = method === "cash" && tenderedMinor !== null ? tenderedMinor - total : null;

  useEffect(() => {
    if (sale) resultHeading.current?.focus();
  }, [sale]);

  async function loadDay(next: string) {
    setDate(next);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(next)) return;
    setLoadingDay(true);
    setError(null);
    try {
      const answer = (await api.deskDay(next)).desk_day._data[0];
      if (answer) {
        setDay(answer);
        setSessionId("");
        setQuantities({});
      }
    } catch (e) {
      setError(shopperMessage(e, "The sessions of that day could not be read."));
    } finally {
      setLoadingDay(false);
    }
  }

  function setQuantity(typeId: string, value: string) {
    setQuantities((q) => ({ ...q, [typeId]: value }));
  }

  function step(typeId: string, by: number) {
    const now = quantityOf(quantities[typeId]);
    const next = Math.min(MAX_TICKETS, Math.max(0, (Number.isNaN(now) ? 0 : now) + by));
    setQuantity(typeId, next === 0 ? "" : String(next));
  }

  async function sell(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!session) return setError("Choose a session.");
    if (badQuantity) return setError("A quantity is a whole number, 0 or more.");
    if (count === 0) return setError("Choose how many tickets of each type.");
    if (count > MAX_TICKETS) return setError(`At most ${MAX_TICKETS} tickets in one desk sale.`);
    if (method === "cash" && tendered.trim() && tenderedMinor === null)
      return setError(`Enter the cash tendered as an amount in ${currency}, such as 50.00.`);
    if (change !== null && change < 0) return setError("The cash tendered is less than the total.");
    if (method === "card" && last4.trim() && !/^\d{4}$/.test(last4.trim()))
      return setError("The card's last four digits are four digits.");
    if (emailTickets && !email.trim()) return setError("Give the buyer's e-mail to send the tickets to.");
    setBusy(true);
    try {
      const buyer = {
        ...(firstName.trim() ? { first_name: firstName.trim() } : {}),
        ...(lastName.trim() ? { last_name: lastName.trim() } : {}),
        ...(email.trim() ? { email: email.trim() } : {}),
      };
      const payment =
        method === "card"
          ? {
              method,
              ...(last4.trim() ? { last4: last4.trim() } : {}),
              ...(reference.trim() ? { reference: reference.trim() } : {}),
            }
          : { method, ...(tendered.trim() ? { tendered: tendered.trim() } : {}) };
      const answer = await api.sellAtDesk({
        session_id: session.session_id,
        lines: lines.map((l) => ({ ticket_type_id: l.type.id, quantity: l.quantity })),
        ...(Object.keys(buyer).length ? { buyer } : {}),
        payment,
        email_tickets: emailTickets,
      });
      const sold = answer.desk_sale._data[0] ?? null;
      setSale(sold);
      setMailTo(sold?.buyer_email ?? "");
      setMailNote(null);
      // The places left have changed: read the day again.
      const fresh = (await api.deskDay(day.date)).desk_day._data[0];
      if (fresh) setDay(fresh);
    } catch (e) {
      setError(shopperMessage(e, "The sale could not be made. Nothing was sold."));
    } finally {
      setBusy(false);
    }
  }

  async function mailTickets(event: FormEvent) {
    event.preventDefault();
    if (!sale) return;
    setMailNote(null);
    if (!mailTo.trim()) return setMailNote("Give an e-mail address to send the tickets to.");
    setBusy(true);
    try {
      await api.resend(sale.order_id, mailTo.trim());
      setMailNote(`The tickets are sent to ${mailTo.trim()}.`);
    } catch (e) {
      setMailNote(shopperMessage(e, "The tickets could not be sent."));
    } finally {
      setBusy(false);
    }
  }

  function newSale() {
    setSale(null);
    setSessionId("");
    setQuantities({});
    setFirstName("");
    setLastName("");
    setEmail("");
    setEmailTickets(false);
    setLast4("");
    setReference("");
    setTendered("");
    setMailNote(null);
  }

  const timeText = (start: string) =>
    new Intl.DateTimeFormat(props.locale, { timeStyle: "short", timeZone: day.timezone }).format(
      new Date(start),
    );
  const dayText = new Intl.DateTimeFormat(props.locale, { dateStyle: "full", timeZone: "UTC" }).format(
    new Date(`${day.date}T12:00:00Z`),
  );

  if (sale) {
    const ticketsHref = `${props.base}/admin/desk/tickets/${encodeURIComponent(sale.order_id)}`;
    const orderHref = `${props.base}/admin/orders/${encodeURIComponent(sale.order_id)}`;
    return (
      <section className="desk-result" aria-labelledby="desk-result-heading">
        <h2 id="desk-result-heading" ref={resultHeading} tabIndex={-1}>
          Sold: order {sale.order_number}
        </h2>
        <dl className="admin-facts">
          <div>
            <dt>Tickets</dt>
            <dd>{sale.tickets}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd>{moneyText(sale.total)}</dd>
          </div>
          <div>
            <dt>Paid</dt>
            <dd>{sale.method === "card" ? "By card on the desk's terminal" : "In cash"}</dd>
          </div>
          {sale.tendered !== null && (
            <div>
              <dt>Cash tendered</dt>
              <dd>{moneyText(sale.tendered)}</dd>
            </div>
          )}
          {sale.change !== null && (
            <div>
              <dt>Change to give</dt>
              <dd className="desk-change">{moneyText(sale.change)}</dd>
            </div>
          )}
        </dl>
        {sale.emailed && <p>The tickets are e-mailed to {sale.buyer_email}.</p>}
        <div className="desk-result__actions">
          <a className="button" href={ticketsHref}>
            Print tickets
          </a>
          <a className="button button--secondary" href={orderHref}>
            The order's page
          </a>
          <button type="button" className="button button--secondary" onClick={newSale}>
            New sale
          </button>
        </div>
        <IslandForm noValidate onSubmit={mailTickets} className="admin-inline-form desk-mail">
          <TextField
            base="admin-field"
            label="E-mail the tickets to"
            name="mail_to"
            type="email"
            autoComplete="off"
            value={mailTo}
            onChange={setMailTo}
          />
          <SubmitButton busy={busy} label="E-mail tickets" busyLabel="Sending…" />
          <p role="status" className="desk-mail__note">
            {mailNote ?? ""}
          </p>
        </IslandForm>
      </section>
    );
  }

  return (
    <IslandForm noValidate onSubmit={sell} className="desk-sale">
      <fieldset className="admin-roles">
        <legend>Day</legend>
        <div className="admin-field">
          <label htmlFor="desk-date">Date of the visit</label>
          <input
            id="desk-date"
            name="date"
            type="date"
            value={date}
            onChange={(e) => loadDay(e.currentTarget.value)}
          />
        </div>
        <p className="admin-muted" aria-live="polite">
          {loadingDay ? "Reading the sessions…" : dayText}
        </p>
      </fieldset>

      <fieldset className="admin-roles desk-sessions">
        <legend>Session</legend>
        {open.length === 0 && <p>No session left to sell on this day.</p>}
        {started > 0 && (
          <p className="admin-muted">
            {started} {started === 1 ? "session has" : "sessions have"} started already.
          </p>
        )}
        {open.map((x) => {
          const why = notSellable(x);
          return (
            <label key={x.session_id} className="desk-session">
              <ChoiceInput
                type="radio"
                name="session"
                value={x.session_id}
                checked={sessionId === x.session_id}
                disabled={why !== null}
                onChange={() => {
                  setSessionId(x.session_id);
                  setQuantities({});
                }}
              />{" "}
              <span>
                <strong>{timeText(x.start)}</strong> {x.event_name}
                <span className="admin-muted">
                  {" · "}
                  {why ?? (x.remaining === null ? "no limit" : `${x.remaining} places left`)}
                  {x.seated && !why ? " · seated tickets are sold in the shop" : ""}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>

      {session && (
        <fieldset className="admin-roles desk-quantities">
          <legend>Tickets for {timeText(session.start)}</legend>
          {session.ticket_types.map((type) => (
            <div key={type.id} className="desk-quantity">
              <TextField
                base="admin-field"
                label={`${type.name} (${moneyText(type.price)})`}
                name={`quantity-${type.id}`}
                required={false}
                inputMode="numeric"
                pattern="[0-9]*"
                maxLength={2}
                value={quantities[type.id] ?? ""}
                onChange={(value) => setQuantity(type.id, value)}
              />
              <div className="desk-quantity__steps">
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={`One fewer ${type.name}`}
                  onClick={() => step(type.id, -1)}
                >
                  −
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={`One more ${type.name}`}
                  onClick={() => step(type.id, 1)}
                >
                  +
                </button>
              </div>
            </div>
          ))}
        </fieldset>
      )}

      <p className="desk-total" aria-live="polite" aria-atomic="true">
        {badQuantity
          ? "A quantity is not a whole number."
          : `Total: ${money(total)} for ${count} ${count === 1 ? "ticket" : "tickets"}`}
      </p>

      <fieldset className="admin-roles">
        <legend>Buyer (optional)</legend>
        <TextField
          base="admin-field"
          label="First name"
          name="first_name"
          required={false}
          autoComplete="off"
          value={firstName}
          onChange={setFirstName}
        />
        <TextField
          base="admin-field"
          label="Last name"
          name="last_name"
          required={false}
          autoComplete="off"
          value={lastName}
          onChange={setLastName}
        />
        <TextField
          base="admin-field"
          label="E-mail"
          name="email"
          required={false}
          type="email"
          autoComplete="off"
          value={email}
          onChange={setEmail}
        />
        <label>
          <ChoiceInput
            type="checkbox"
            name="email_tickets"
            checked={emailTickets}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setEmailTickets(on);
            }}
          />{" "}
          E-mail the tickets to the buyer
        </label>
      </fieldset>

      <fieldset className="admin-roles">
        <legend>Payment</legend>
        {(
          [
            ["card", "Card, on the desk's terminal"],
            ["cash", "Cash"],
          ] as const
        ).map(([value, label]) => (
          <label key={value}>
            <ChoiceInput
              type="radio"
              name="method"
              value={value}
              checked={method === value}
              onChange={() => setMethod(value)}
            />{" "}
            {label}
          </label>
        ))}
        {method === "card" ? (
          <>
            <TextField
              base="admin-field"
              label="Card's last four digits (optional)"
              name="last4"
              required={false}
              inputMode="numeric"
              maxLength={4}
              autoComplete="off"
              value={last4}
              onChange={setLast4}
            />
            <TextField
              base="admin-field"
              label="Terminal reference (optional)"
              name="reference"
              required={false}
              autoComplete="off"
              value={reference}
              onChange={setReference}
            />
          </>
        ) : (
          <>
            <TextField
              base="admin-field"
              label={`Cash tendered in ${currency} (optional)`}
              name="tendered"
              required={false}
              inputMode="text"
              autoComplete="off"
              value={tendered}
              onChange={setTendered}
            />
            <p className="desk-change" aria-live="polite" aria-atomic="true">
              {change === null
                ? ""
                : change < 0
                  ? `${money(-change)} short of the total`
                  : `Change to give: ${money(change)}`}
            </p>
          </>
        )}
      </fieldset>

      {error && (
        <p className="admin-login__error" role="alert">
          {error}
        </p>
      )}
      <SubmitButton
        busy={busy}
        label={
          count > 0 && !badQuantity
            ? `Sell ${count} ${count === 1 ? "ticket" : "tickets"} for ${money(total)}`
            : "Sell"
        }
        busyLabel="Selling…"
      />
    </IslandForm>
  );
}
