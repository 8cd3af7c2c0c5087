/**
 * The manage page's island (spec 2 §2, §4, §5, §8): the order's tickets grouped by
 * session with their states; in self-edit mode a Reschedule link per session and the edit panel;
 * cancel where the rules allow (the server's can_cancel), after a confirmation dialog. Results and
 * errors are announced in live regions. After a cancel the order is mailed again (order_cancel or
 * order_update). No rules here: what may be cancelled or edited comes from the server's answer.
 */
import { useEffect, useId, useState } from "react";
import type { ManageAnswer } from "../../lib/api/manage/schemas.ts";
import { changeMailContext, groupBySession, ticketStateKey } from "../../lib/domain/manage/view.ts";
import type { ReserveIslandProps } from "../reserve/props.ts";
import { ChoiceInput } from "../ui/ChoiceInput.tsx";
import { Dialog } from "../ui/Dialog.tsx";
import { EditPanel } from "./EditPanel.tsx";
import {
  callProblem,
  fill,
  type ManageStrings,
  manageCalls,
  problemMessage,
  sessionWhen,
} from "./manage-calls.ts";

export interface ManageOrderProps {
  seller: string;
  /** The router base for links: `/{seller}`, or "" on the tenant's own host name. */
  base: string;
  orderId: string;
  token: string;
  answer: ManageAnswer;
  strings: ManageStrings;
  locale: string;
  /** The server's "now" (its clock), so past sessions read the same on the server and in the browser. */
  now: string;
  /** The seated events' reserve props by event id: Edit order offers their seat map. */
  seating?: Record<string, ReserveIslandProps>;
}

const STATE_KEY = {
  booked: "manage.state.booked",
  cancelled: "manage.state.cancelled",
  past: "manage.state.past",
} as const;

export function ManageOrder(props: ManageOrderProps) {
  const { seller, orderId, token, strings, locale } = props;
  const [answer, setAnswer] = useState(props.answer);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const headingId = useId();
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const now = new Date(props.now);
  const groups = groupBySession(answer.tickets);
  const cancellable = answer.tickets.filter((t) => t.can_cancel);
  const offersCancel = answer.mode !== "contact_us" && answer.cancel_refusal === null;

  const when = (iso: string | null, timezone: string) => sessionWhen(strings, locale, iso, timezone);

  function toggle(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function askCancel() {
    setAlert(null);
    setStatus(null);
    if (!selected.size) {
      setAlert(strings["manage.cancel.none"]);
      return;
    }
    setConfirming(true);
  }

  async function cancel() {
    if (busy) return;
    setBusy(true);
    try {
      const api = await manageCalls(seller);
      const next = await api.cancel(orderId, token, [...selected]);
      setAnswer(next);
      setSelected(new Set());
      setConfirming(false);
      setStatus(strings["manage.cancel.done"]);
      await api.mailOrder(orderId, token, changeMailContext(next.tickets)).catch(() => undefined);
    } catch (failure) {
      setConfirming(false);
      setAlert(problemMessage(callProblem(failure), strings));
    } finally {
      setBusy(false);
    }
  }

  async function reload(message: string) {
    const api = await manageCalls(seller);
    const next = await api.read(orderId, token);
    setAnswer(next);
    setStatus(message);
    return next;
  }

  return (
    <div className="manage-order" data-hydrated={ready ? "true" : undefined}>
      <h2 id={headingId}>{strings["manage.ticketsHeading"]}</h2>
      <ul className="manage-order__sessions" aria-labelledby={headingId}>
        {groups.map((group) => {
          const reschedulable =
            answer.mode === "self_edit" && group.sessionId !== null && group.tickets.some((t) => t.can_edit);
          return (
            <li key={group.key} className="manage-session">
              <h3 className="manage-session__title">
                {group.eventName}
                {group.start ? (
                  <span className="manage-session__when">{when(group.start, group.timezone)}</span>
                ) : null}
              </h3>
              <ul className="manage-session__tickets">
                {group.tickets.map((ticket) => {
                  const state = strings[STATE_KEY[ticketStateKey(ticket, now)]];
                  const name = `${ticket.ticket_type_name}${ticket.seat_name ? `, ${ticket.seat_name}` : ""}`;
                  return (
                    <li key={ticket.id} className="manage-ticket" data-state={ticket.state}>
                      {offersCancel && ticket.can_cancel ? (
                        <label className="manage-ticket__select">
                          <ChoiceInput
                            type="checkbox"
                            checked={selected.has(ticket.id)}
                            onChange={(event) => toggle(ticket.id, event.currentTarget.checked)}
                            aria-label={fill(strings["manage.select"], {
                              name: `${name}, ${when(ticket.start_datetime, ticket.timezone)}`,
                            })}
                          />
                          <span>{name}</span>
                        </label>
                      ) : (
                        <span>{name}</span>
                      )}
                      {ticket.admit_name ? (
                        <span className="manage-ticket__admit">{ticket.admit_name}</span>
                      ) : null}
                      <span className="manage-ticket__state">{state}</span>
                    </li>
                  );
                })}
              </ul>
              {reschedulable && group.sessionId ? (
                <a
                  className="button button--secondary manage-session__reschedule"
                  href={`${props.base}/manage/${encodeURIComponent(orderId)}/reschedule/${encodeURIComponent(group.sessionId)}?token=${encodeURIComponent(token)}`}
                >
                  {strings["manage.reschedule"]}
                  <span className="visually-hidden">
                    {` ${group.eventName} ${when(group.start, group.timezone)}`}
                  </span>
                </a>
              ) : null}
            </li>
          );
        })}
      </ul>

      {answer.mode === "self_edit" ? (
        <EditPanel
          seller={seller}
          base={props.base}
          orderId={orderId}
          token={token}
          tickets={answer.tickets}
          strings={strings}
          locale={locale}
          currency={answer.currency_code}
          onSaved={(message) => reload(message)}
          seating={props.seating ?? {}}
        />
      ) : null}

      <section className="manage-cancel" aria-label={strings["manage.cancel.all"]}>
        {answer.cancel_refusal === "contact_us" || answer.mode === "contact_us" ? (
          <p className="notice">{strings["manage.cancel.contactUs"]}</p>
        ) : cancellable.length ? (
          <button type="button" className="button" onClick={askCancel} disabled={busy}>
            {strings["manage.cancel.button"]}
          </button>
        ) : (
          <p className="notice">{strings["manage.cancel.noValid"]}</p>
        )}
      </section>

      <div className="manage-order__alert" role="alert">
        {alert}
      </div>
      <p className="manage-order__status" role="status">
        {status}
      </p>

      <Dialog
        open={confirming}
        title={strings["manage.cancel.confirmTitle"]}
        closeLabel={strings["dialog.close"]}
        onClose={() => (busy ? undefined : setConfirming(false))}
        actions={
          <>
            <button
              type="button"
              className="button"
              onClick={() => void cancel()}
              disabled={busy}
              aria-busy={busy || undefined}
            >
              {busy ? strings["manage.cancel.cancelling"] : strings["manage.cancel.confirm"]}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setConfirming(false)}
              disabled={busy}
            >
              {strings["manage.cancel.keep"]}
            </button>
          </>
        }
      >
        <p>{fill(strings["manage.cancel.confirmBody"], { count: selected.size })}</p>
      </Dialog>
    </div>
  );
}
