/**
 * /manage/{orderId}/reschedule/{sessionId} (spec 2 §2, §4, §8): moves the tickets of one
 * session to another session of the same event, chosen with the reserve flow's own date and time
 * pickers (DatePicker, SessionPicker and useSessions of src/islands/reserve, imported). It shows the
 * price difference as the server prices the change (GET reschedule_quote: the amount charged); confirm makes an edit cart (remove these tickets, add the same ticket types at
 * the new session), then confirms it with the free gateway when the outstanding total is zero or
 * less (and mails the order_update) or goes to /manage/{orderId}/confirm to pay the difference.
 * Errors follow spec 2 §8 (domain/manage/edit.ts rescheduleFailure). No business rules here.
 */
import "../../reserve/reserve.css";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import type { CalendarDay } from "../../../lib/api/schemas.ts";
import { confirmRoute, rescheduleFailure } from "../../../lib/domain/manage/edit.ts";
import { rescheduleAdds, rescheduleSeatDemand } from "../../../lib/domain/manage/reschedule-adds.ts";
import { apiMoneyMinor } from "../../../lib/domain/money.ts";
import type { ChosenSeats } from "../../../lib/domain/seat-selection.ts";
import type { rescheduleStrings } from "../../../lib/tenant/strings-reschedule.ts";
import { ReserveContext, useReserveEnv } from "../../reserve/context.ts";
import { DatePicker } from "../../reserve/DatePicker.tsx";
import type { ReserveIslandProps } from "../../reserve/props.ts";
import { SessionPicker } from "../../reserve/SessionPicker.tsx";
import { useBrowserReserveEnv } from "../../reserve/useBrowserReserveEnv.ts";
import { useSessions } from "../../reserve/useSessions.ts";
import { callProblem, fill, manageCalls } from "../manage-calls.ts";

// The event page's seat selection, loaded only when a seated ticket is moved (the JS budget).
const SeatSelection = lazy(() => import("../../reserve/seats/SeatSelection.tsx"));

export type RescheduleStrings = Record<keyof typeof rescheduleStrings, string>;

export interface RescheduleTicket {
  id: string;
  ticketTypeId: string;
  name: string;
  groupId: string;
  groupName: string;
  /** A seated group's ticket: the new seats can be chosen on the seat map. */
  seated: boolean;
}

export interface RescheduleIslandProps {
  seller: string;
  /** The router base for links: `/{seller}`, or "" on the tenant's own host name. */
  base: string;
  orderId: string;
  token: string;
  fromSessionId: string;
  /** "{event} on {when}" parts of the current session, formatted on the server. */
  eventName: string;
  when: string;
  tickets: RescheduleTicket[];
  lowerPrice: "refund" | "keep";
  /** The event's reserve props (date-first), so the pickers are the reserve flow's. */
  reserve: ReserveIslandProps;
  strings: RescheduleStrings;
}

type Quote =
  | { kind: "none" }
  | { kind: "loading" }
  | { kind: "failed" }
  | { kind: "ok"; difference: number; total: number };

type Status =
  | { kind: "idle" }
  | { kind: "working" }
  | { kind: "restart" }
  | { kind: "error"; message: string };

export default function RescheduleIsland(props: RescheduleIslandProps) {
  const env = useBrowserReserveEnv(props.reserve, props.seller);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <ReserveContext.Provider value={env}>
      <div className="reserve reschedule" data-hydrated={mounted ? "true" : undefined}>
        {mounted ? <Reschedule {...props} /> : <p role="status">{props.strings["reschedule.loading"]}</p>}
      </div>
    </ReserveContext.Provider>
  );
}

function countsByType(tickets: readonly RescheduleTicket[]) {
  const out = new Map<string, { name: string; count: number }>();
  for (const t of tickets) {
    const entry = out.get(t.ticketTypeId) ?? { name: t.name, count: 0 };
    entry.count += 1;
    out.set(t.ticketTypeId, entry);
  }
  return out;
}

function Reschedule(props: RescheduleIslandProps) {
  const { api, props: reserve, money } = useReserveEnv();
  const s = props.strings;
  const [days, setDays] = useState<CalendarDay[] | null>(null);
  const [calendarFailed, setCalendarFailed] = useState(false);
  const [date, setDate] = useState<string>();
  const [sessionId, setSessionId] = useState<string>();
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const statusRef = useRef<HTMLDivElement>(null);
  const sessions = useSessions();
  const perType = useMemo(() => countsByType(props.tickets), [props.tickets]);
  const lines = useMemo(
    () => [...perType].map(([ticket_type_id, { count }]) => ({ ticket_type_id, quantity: count })),
    [perType],
  );
  const groupIds = useMemo(() => reserve.groups.filter((g) => !g.anyDate).map((g) => g.id), [reserve.groups]);

  useEffect(() => {
    let live = true;
    api
      .calendar(reserve.eventId, groupIds)
      .then((answer) => live && setDays(answer.calendar._data))
      .catch(() => {
        if (!live) return;
        setCalendarFailed(true);
        setDays([]);
      });
    return () => {
      live = false;
    };
  }, [api, reserve.eventId, groupIds]);

  useEffect(() => {
    if (status.kind === "error" || status.kind === "restart") statusRef.current?.focus();
  }, [status]);

  const chooseDate = (next: string) => {
    setDate(next);
    setSessionId(undefined);
    setStatus({ kind: "idle" });
    void sessions.load(next, lines);
  };

  const same = sessionId === props.fromSessionId;
  // The difference is the server's price of this very change (the order's promo discount, fees and
  // the new session's price tier), the amount the confirm page then charges.
  const [quote, setQuote] = useState<Quote>({ kind: "none" });
  useEffect(() => {
    if (!sessionId || same) {
      setQuote({ kind: "none" });
      return;
    }
    let live = true;
    setQuote({ kind: "loading" });
    manageCalls(props.seller)
      .then((calls) =>
        calls.rescheduleQuote(
          props.orderId,
          props.token,
          props.tickets.map((t) => t.id),
          sessionId,
        ),
      )
      .then((answer) => {
        if (!live) return;
        setQuote(
          answer
            ? {
                kind: "ok",
                difference: apiMoneyMinor(answer.difference),
                total: apiMoneyMinor(answer.total),
              }
            : { kind: "failed" },
        );
      })
      .catch(() => live && setQuote({ kind: "failed" }));
    return () => {
      live = false;
    };
  }, [props.seller, props.orderId, props.token, props.tickets, sessionId, same]);
  const difference = quote.kind === "ok" ? quote.difference : null;
  const seatDemand = useMemo(() => rescheduleSeatDemand(props.tickets), [props.tickets]);
  const [seats, setSeats] = useState<ChosenSeats>({});
  const [seatMapVersion, setSeatMapVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another session clears the chosen seats.
  useEffect(() => setSeats({}), [sessionId]);
  const adds = sessionId ? rescheduleAdds(props.tickets, sessionId, seats) : null;
  const manageHref = `${props.base}/manage/${encodeURIComponent(props.orderId)}?token=${encodeURIComponent(props.token)}`;

  async function confirm() {
    if (!sessionId || same || !adds || status.kind === "working") return;
    setStatus({ kind: "working" });
    const calls = await manageCalls(props.seller);
    let cartId: string | null = null;
    try {
      const created = await calls.editCart(props.orderId, props.token);
      cartId = created.cart._data[0]?.id ?? null;
      if (!cartId) throw new Error("no edit cart");
      const changed = await calls.modify(cartId, { remove: props.tickets.map((t) => t.id), add: adds });
      const outstanding = apiMoneyMinor(changed.cart_fees._data[0]?.grand_totals.total_outstanding ?? "0");
      if (confirmRoute(outstanding) === "pay") {
        const query = `token=${encodeURIComponent(props.token)}&cart=${encodeURIComponent(cartId)}`;
        window.location.assign(`${props.base}/manage/${encodeURIComponent(props.orderId)}/confirm?${query}`);
        return;
      }
      await calls.confirmFree(cartId);
      // The change is saved; the mail is best effort (a failure must not hide the saved change).
      await calls.mailOrder(props.orderId, props.token, "order_update").catch(() => undefined);
      window.location.assign(manageHref);
    } catch (error) {
      const failure = rescheduleFailure(callProblem(error));
      if (failure.kind === "restart") {
        setStatus({ kind: "restart" });
        return;
      }
      if (cartId) await calls.discard(cartId).catch(() => undefined);
      setStatus({ kind: "error", message: failure.message ?? s["reschedule.error"] });
      if (date) void sessions.load(date, lines);
      // A seat taken meanwhile: the map is read again, fresh.
      setSeatMapVersion((v) => v + 1);
    }
  }

  const formatDifference = (minor: number) =>
    minor > 0
      ? fill(s["reschedule.difference.more"], { amount: money(minor) })
      : minor < 0
        ? fill(s["reschedule.difference.less"], { amount: money(-minor) })
        : s["reschedule.difference.none"];

  return (
    <>
      <section className="reserve__section" aria-labelledby="reschedule-current">
        <h2 id="reschedule-current">
          {fill(s["reschedule.current"], { event: props.eventName, when: props.when })}
        </h2>
        <ul>
          {[...perType].map(([typeId, { name, count }]) => (
            <li key={typeId}>{fill(s["reschedule.ticket"], { count, name })}</li>
          ))}
        </ul>
      </section>
      <h2>{s["reschedule.choose"]}</h2>
      {days === null ? (
        <p role="status">{s["reschedule.loading"]}</p>
      ) : calendarFailed ? (
        <p className="notice notice--error" role="alert">
          {s["reschedule.calendarFailed"]}
        </p>
      ) : (
        <DatePicker days={days} selected={date} onSelect={chooseDate} flexiblePrices={false} />
      )}
      {date && sessions.loading ? <p role="status">{s["reschedule.loading"]}</p> : null}
      {date && sessions.loaded ? (
        <SessionPicker
          sessions={sessions.shown}
          conflicting={[]}
          selected={sessionId}
          onSelect={(id) => {
            setSessionId(id);
            setStatus({ kind: "idle" });
          }}
          prices={sessions.sessionPrices}
          flexiblePrices={false}
        />
      ) : null}
      {sessionId && !same && seatDemand.length > 0 ? (
        <Suspense fallback={<p role="status">{s["reschedule.loading"]}</p>}>
          <p>{s["reschedule.seats"]}</p>
          <SeatSelection
            sessionId={sessionId}
            demand={seatDemand}
            chosen={seats}
            onChange={setSeats}
            reloadKey={seatMapVersion}
            total={quote.kind === "ok" ? quote.total : 0}
          />
        </Suspense>
      ) : null}
      <section className="reserve__section reschedule__summary" aria-live="polite">
        {same ? <p>{s["reschedule.sameSession"]}</p> : null}
        {quote.kind === "loading" ? <p role="status">{s["reschedule.loading"]}</p> : null}
        {quote.kind === "failed" ? <p>{s["reschedule.difference.failed"]}</p> : null}
        {!same && difference !== null ? (
          <p data-testid="reschedule-difference">
            <strong>{formatDifference(difference)}</strong>
            {difference < 0 && props.lowerPrice === "refund" ? ` ${s["reschedule.difference.refund"]}` : null}
          </p>
        ) : null}
      </section>
      <div ref={statusRef} tabIndex={-1} role={status.kind === "working" ? "status" : "alert"}>
        {status.kind === "restart" ? (
          <p className="notice notice--error">
            {s["reschedule.restart"]} <a href={manageHref}>{s["reschedule.backToOrder"]}</a>
          </p>
        ) : status.kind === "error" ? (
          <p className="notice notice--error">{status.message}</p>
        ) : null}
      </div>
      <p>
        <button
          type="button"
          className="button"
          disabled={!sessionId || same || !adds || status.kind === "working"}
          onClick={() => void confirm()}
        >
          {status.kind === "working" ? s["reschedule.working"] : s["reschedule.confirm"]}
        </button>{" "}
        <a href={manageHref}>{s["reschedule.backToOrder"]}</a>
      </p>
    </>
  );
}
