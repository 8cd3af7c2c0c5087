/**
 * The edit UI of self-edit mode (spec 2 §4): "Change tickets" opens an edit cart linked to
 * the order (POST ticket_order/{id}/edit_cart); the steppers of each editable session's ticket types
 * remove the order's tickets or add tickets of the same type (POST cart/{id}/modify). While the
 * cart has an expires_at the changes are unsaved: a notice and the time left show. Confirm: the free
 * gateway when the outstanding total is 0 or less, else the confirm page to pay the difference.
 * Discard: DELETE the cart. Every answer comes from the server; nothing changes optimistically.
 */
import { useEffect, useMemo, useState } from "react";
import type { CartEnvelope } from "../../lib/api/cart/schemas.ts";
import type { ManageTicket } from "../../lib/api/manage/schemas.ts";
import { formatTimeLeft, secondsLeft, TIMER_TICK_MS } from "../../lib/domain/cart-timer.ts";
import type { HeldSeat } from "../../lib/domain/manage/reschedule-adds.ts";
import {
  changeMailContext,
  editConfirmKind,
  groupBySession,
  sessionTypeCounts,
} from "../../lib/domain/manage/view.ts";
import { apiMoneyMinor, formatMoney } from "../../lib/domain/money.ts";
import type { ReserveIslandProps } from "../reserve/props.ts";
import { EditSeats } from "./EditSeats.tsx";
import {
  callProblem,
  fill,
  type ManageStrings,
  manageCalls,
  problemMessage,
  sessionWhen,
} from "./manage-calls.ts";

export interface EditPanelProps {
  seller: string;
  /** The router base for links: `/{seller}`, or "" on the tenant's own host name. */
  base: string;
  orderId: string;
  token: string;
  tickets: ManageTicket[];
  strings: ManageStrings;
  locale: string;
  currency: string;
  /** Reloads the order after a change is saved and shows `message`. */
  onSaved: (message: string) => Promise<unknown>;
  /** The seated events' reserve props by event id: their seat map for the added tickets' seats. */
  seating?: Readonly<Record<string, ReserveIslandProps>>;
}

interface Edit {
  cart: CartEnvelope;
  removed: ReadonlySet<string>;
  added: ReadonlyMap<string, number>;
}

/**
 * Seconds left on the edit cart, counted from the answer's `expires_in` on this device's clock (as
 * the cart store does), so a device whose clock differs from the server's still shows the real time.
 */
function useSecondsLeft(expiresIn: number | null, answer: object | null): number | null {
  const deadline = useMemo(
    () => (expiresIn === null || !answer ? null : Date.now() + expiresIn * 1000),
    [expiresIn, answer],
  );
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TIMER_TICK_MS);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === null ? null : secondsLeft(deadline - now);
}

export function EditPanel(props: EditPanelProps) {
  const { seller, orderId, token, strings, locale, currency } = props;
  const [edit, setEdit] = useState<Edit | null>(null);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [seatVersion, setSeatVersion] = useState(0);
  const cart = edit?.cart.cart._data[0] ?? null;
  const expiresAt = cart?.expires_at ?? null;
  const left = useSecondsLeft(expiresAt ? (cart?.expires_in ?? null) : null, edit?.cart ?? null);
  const outstanding = edit?.cart.cart_fees._data[0]?.grand_totals.total_outstanding ?? "0.00";
  const groups = groupBySession(props.tickets.filter((t) => t.event_session_id)).filter((g) =>
    g.tickets.some((t) => t.can_edit),
  );
  if (!groups.length) return null;

  async function run(work: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    setStatus(null);
    try {
      await work();
    } catch (failure) {
      setAlert(problemMessage(callProblem(failure), strings));
    } finally {
      setBusy(false);
    }
  }

  const start = () =>
    run(async () => {
      const opened = await (await manageCalls(seller)).editCart(orderId, token);
      setEdit({ cart: opened, removed: new Set(), added: new Map() });
    });

  const change = (sessionId: string, typeId: string, removeId: string | null) =>
    run(async () => {
      if (!edit || !cart) return;
      const api = await manageCalls(seller);
      if (removeId) {
        const next = await api.modify(cart.id, { remove: [removeId] });
        setEdit({ cart: next, removed: new Set([...edit.removed, removeId]), added: edit.added });
      } else {
        const next = await api.modify(cart.id, {
          add: [{ event_session_id: sessionId, ticket_type_id: typeId }],
        });
        const added = new Map(edit.added);
        added.set(`${sessionId}:${typeId}`, (added.get(`${sessionId}:${typeId}`) ?? 0) + 1);
        setEdit({ cart: next, removed: edit.removed, added });
      }
    });

  const reseat = (
    change: { remove: string[]; add: { ticket_type_id: string; seat_template_id: string }[] },
    sessionId: string,
  ) =>
    run(async () => {
      if (!edit || !cart) return;
      const next = await (await manageCalls(seller)).modify(cart.id, {
        remove: change.remove,
        add: change.add.map((a) => ({ ...a, event_session_id: sessionId })),
      });
      setEdit({ ...edit, cart: next });
      setSeatVersion((v) => v + 1);
    });

  /** The edit cart's held seats in a session, by ticket group. */
  const heldSeats = (sessionId: string): Record<string, HeldSeat[]> => {
    const out: Record<string, HeldSeat[]> = {};
    for (const t of edit?.cart.ticket._data ?? []) {
      if (t.event_session_id !== sessionId || !t.seat_template_id) continue;
      const list = out[t.ticket_group_id] ?? [];
      out[t.ticket_group_id] = list;
      list.push({
        id: t.id,
        ticketTypeId: t.ticket_type_id,
        seatId: t.seat_template_id,
      });
    }
    return out;
  };

  const discard = () =>
    run(async () => {
      if (!cart) return;
      await (await manageCalls(seller)).discard(cart.id);
      setEdit(null);
      setStatus(strings["manage.edit.discarded"]);
    });

  const confirm = () =>
    run(async () => {
      if (!cart) return;
      const api = await manageCalls(seller);
      await api.confirmFree(cart.id);
      setEdit(null);
      const next = (await props.onSaved(strings["manage.edit.saved"])) as
        | { tickets: ManageTicket[] }
        | undefined;
      await api
        .mailOrder(orderId, token, changeMailContext(next?.tickets ?? props.tickets))
        .catch(() => undefined);
    });

  const when = (iso: string | null, timezone: string) => sessionWhen(strings, locale, iso, timezone);
  const pay = editConfirmKind(outstanding) === "pay";
  const confirmHref = `${props.base}/manage/${encodeURIComponent(orderId)}/confirm?token=${encodeURIComponent(token)}${cart ? `&cart=${encodeURIComponent(cart.id)}` : ""}`;

  return (
    <section className="manage-edit" aria-labelledby="manage-edit-title">
      <h2 id="manage-edit-title">{strings["manage.edit.start"]}</h2>
      {!edit ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void start()}
          disabled={busy}
        >
          {strings["manage.edit.start"]}
        </button>
      ) : (
        <>
          {groups.map((group) => {
            const sessionId = group.sessionId ?? "";
            const added = new Map(
              [...edit.added].flatMap(([key, n]) =>
                key.startsWith(`${sessionId}:`) ? [[key.slice(sessionId.length + 1), n] as const] : [],
              ),
            );
            return (
              <fieldset key={group.key} className="manage-edit__session">
                <legend>
                  {group.eventName} {when(group.start, group.timezone)}
                </legend>
                {sessionTypeCounts(group.tickets, edit.removed, added).map((type) => (
                  <div key={type.ticketTypeId} className="manage-edit__type">
                    <span id={`qty-${sessionId}-${type.ticketTypeId}`}>{type.name}</span>
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={fill(strings["manage.edit.less"], { name: type.name })}
                      disabled={busy || !type.removable.length}
                      onClick={() => void change(sessionId, type.ticketTypeId, type.removable[0] ?? null)}
                    >
                      −
                    </button>
                    <output aria-labelledby={`qty-${sessionId}-${type.ticketTypeId}`} aria-live="polite">
                      {type.count}
                    </output>
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={fill(strings["manage.edit.more"], { name: type.name })}
                      disabled={busy}
                      onClick={() => void change(sessionId, type.ticketTypeId, null)}
                    >
                      +
                    </button>
                  </div>
                ))}
                {(() => {
                  const reserve = props.seating?.[group.tickets[0]?.event_template_id ?? ""];
                  return reserve && sessionId ? (
                    <EditSeats
                      seller={seller}
                      reserve={reserve}
                      sessionId={sessionId}
                      held={heldSeats(sessionId)}
                      version={seatVersion}
                      loading={strings["manage.edit.seatsLoading"]}
                      onReseat={(change) => void reseat(change, sessionId)}
                    />
                  ) : null;
                })()}
              </fieldset>
            );
          })}
          {expiresAt ? (
            <p className="notice manage-edit__unsaved">
              {strings["manage.edit.unsaved"]}{" "}
              {left !== null ? fill(strings["manage.edit.timeLeft"], { time: formatTimeLeft(left) }) : null}
            </p>
          ) : null}
          <p>
            {fill(strings["manage.edit.difference"], {
              amount: formatMoney(Math.max(0, apiMoneyMinor(outstanding)), currency, locale),
            })}
          </p>
          <div className="manage-edit__actions">
            {pay ? (
              <a className="button" href={confirmHref}>
                {strings["manage.edit.pay"]}
              </a>
            ) : (
              <button type="button" className="button" onClick={() => void confirm()} disabled={busy}>
                {busy ? strings["manage.edit.working"] : strings["manage.edit.confirm"]}
              </button>
            )}
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void discard()}
              disabled={busy}
            >
              {strings["manage.edit.discard"]}
            </button>
          </div>
        </>
      )}
      <div className="manage-edit__alert" role="alert">
        {alert}
      </div>
      <p className="manage-edit__status" role="status">
        {status}
      </p>
    </section>
  );
}
