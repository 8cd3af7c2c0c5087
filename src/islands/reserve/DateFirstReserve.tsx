/**
 * Date-first reserve (spec §2, §4): an optional choice between single-date admission and flexible
 * tickets, the date selector and calendar, the session picker, quantities, details and submit.
 * Choosing a date clears the session and reloads sessions; choosing flexible tickets clears the
 * date and the reverse; changing session resets quantities. Also the single-event reserve (one
 * session: quantities and submit) and the reserve query parameters. Seated groups add the seat
 * selection, loaded lazily only for events that have one; submit then waits for complete seats.
 */
import { lazy, Suspense, startTransition, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ApiClientError } from "../../lib/api/errors.ts";
import type { CalendarDay } from "../../lib/api/schemas.ts";
import { messageText } from "../../lib/domain/messages.ts";
import { totalQuantity } from "../../lib/domain/quantity-limits.ts";
import { soldOutMessage } from "../../lib/domain/reserve-errors.ts";
import { buildReserveRequest, groupQuantity, selectionBreakdown } from "../../lib/domain/reserve-request.ts";
import type { ChosenSeats, SeatDemand } from "../../lib/domain/seat-selection.ts";
import { ChoiceInput } from "../ui/ChoiceInput.tsx";
import { useReserveEnv } from "./context.ts";
import { DatePicker } from "./DatePicker.tsx";
import { DetailsFields } from "./DetailsFields.tsx";
import { ReserveFooter } from "./ReserveFooter.tsx";
import { applyReserveQuery } from "./reserve-query-effect.ts";
import { SessionPicker } from "./SessionPicker.tsx";
import { TicketGroups } from "./TicketGroups.tsx";
import { useAddOnOffer } from "./useAddOnOffer.ts";
import { useReserveSubmit } from "./useReserveSubmit.ts";
import { choicesOf, useRequestGroups, useSelection } from "./useSelection.ts";
import { useSessions } from "./useSessions.ts";

type Mode = "dated" | "anyDate";

// Seat selection code ships only to events with a seated group (the JS budget, DESIGN §9).
const loadSeatSelection = () => import("./seats/SeatSelection.tsx");
const loadSeatRules = () => import("../../lib/domain/seat-selection.ts");
// A chunk that cannot load shows an error in place of the seats; the island keeps working.
const SeatSelection = lazy(() => loadSeatSelection().catch(() => ({ default: SeatsLoadFailed })));
type SeatRules = Awaited<ReturnType<typeof loadSeatRules>>;

function SeatsLoadFailed() {
  const { text } = useReserveEnv();
  return (
    <p className="notice notice--error" role="alert">
      {text("reserve.seats.loadFailed")}
    </p>
  );
}

export function DateFirstReserve() {
  const env = useReserveEnv();
  const { props, api, text } = env;
  const datedGroups = useMemo(() => props.groups.filter((g) => !g.anyDate), [props.groups]);
  const anyDateGroups = useMemo(() => props.groups.filter((g) => g.anyDate), [props.groups]);
  const [mode, setMode] = useState<Mode>(datedGroups.length > 0 ? "dated" : "anyDate");
  const [days, setDays] = useState<CalendarDay[] | null>(datedGroups.length > 0 ? null : []);
  const [loadFailed, setLoadFailed] = useState(false);
  const [date, setDate] = useState<string>();
  const [sessionId, setSessionId] = useState<string>();
  const [notices, setNotices] = useState<string[]>([]);
  const selection = useSelection();
  const sessions = useSessions();
  const offer = useAddOnOffer();
  const zeroLines = useMemo(
    () => datedGroups.flatMap((g) => g.types.map((t) => ({ ticket_type_id: t.id, quantity: 0 }))),
    [datedGroups],
  );
  const groups = mode === "dated" ? datedGroups : anyDateGroups;
  const prices = useMemo(() => sessions.typePrices(sessionId), [sessions, sessionId]);
  const requestGroups = useRequestGroups(groups, prices, props.currency);
  const flexiblePrices = datedGroups.every((g) => g.types.every((t) => t.flexible));
  const [seats, setSeats] = useState<ChosenSeats>({});
  const [seatMapVersion, setSeatMapVersion] = useState(0);
  const { quantities } = selection.selection;
  const seatDemand = useMemo(
    (): SeatDemand[] =>
      groups
        .filter((g) => g.handler === "seated")
        .map((g) => ({ id: g.id, name: g.name, quantity: groupQuantity(g, quantities) }))
        .filter((g) => g.quantity > 0),
    [groups, quantities],
  );
  const hasSeated = props.groups.some((g) => g.handler === "seated");
  const [seatRules, setSeatRules] = useState<SeatRules>();
  useEffect(() => {
    if (!hasSeated) return;
    // Warm-up only: a failed load shows up where the lazy component renders (SeatsLoadFailed).
    loadSeatSelection().catch(() => undefined);
    loadSeatRules().then(setSeatRules, () => setSeatRules(undefined));
  }, [hasSeated]);
  // Spec §4: submit only when the seats are complete (no seated tickets: nothing to check).
  const seatsReady = seatDemand.length === 0 || (seatRules?.seatsComplete(seatDemand, seats) ?? false);
  // Leaving the seat selection (another session, other quantities, another mode) clears the seats.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when any of these change.
  useEffect(() => setSeats({}), [sessionId, quantities, mode]);

  const loadCalendar = useCallback(async () => {
    if (datedGroups.length === 0) return [];
    try {
      const answer = await api.calendar(
        props.eventId,
        datedGroups.map((g) => g.id),
      );
      // The day buttons render as a transition, in slices (the page's blocking time).
      startTransition(() => setDays(answer.calendar._data));
      return answer.calendar._data;
    } catch {
      setLoadFailed(true);
      setDays([]);
      return [];
    }
  }, [api, props.eventId, datedGroups]);

  const chooseDate = useCallback(
    async (next: string) => {
      setDate(next);
      setSessionId(undefined);
      selection.reset();
      return sessions.load(next, zeroLines);
    },
    [selection.reset, sessions.load, zeroLines],
  );

  const chooseSession = useCallback(
    (id: string) => {
      setSessionId(id);
      selection.reset();
    },
    [selection.reset],
  );

  const onSoldOut = useCallback(
    async (soldId: string | undefined) => {
      const sold = sessions.shown.find((s) => s.id === (soldId ?? sessionId));
      const time = sold?.label ?? "";
      setSessionId(undefined);
      if (!date) return messageText(soldOutMessage(time, false), text);
      const reloaded = await sessions.load(date, zeroLines);
      const others = (reloaded?.event_session._data ?? []).some(
        (s) => s.id !== soldId && !s.sold_out && s.available_capacity !== 0,
      );
      if (others) return text("reserve.soldOutSession", { time });
      setDate(undefined);
      sessions.clear();
      await loadCalendar();
      return text("reserve.soldOutDate", { time });
    },
    [sessions, sessionId, date, zeroLines, loadCalendar, text],
  );

  // 409 seat_unavailable: the seats are chosen again on a fresh map.
  const onReserveError = useCallback(
    (error: ApiClientError) => {
      if (error.code !== "seat_unavailable") return undefined;
      setSeats({});
      setSeatMapVersion((v) => v + 1);
      return text("reserve.seats.taken");
    },
    [text],
  );

  const submitter = useReserveSubmit({ onSoldOut, onAdded: selection.reset, onError: onReserveError });

  // Load the calendar, then apply the query parameters (or pick the single event's session).
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once on mount.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      const loaded = await loadCalendar();
      const result = await applyReserveQuery({
        env,
        days: loaded,
        single: props.flow === "single",
        zeroLines,
        chooseDate,
        chooseSession,
      });
      setNotices(result.errors.map((k) => text(k)));
      if (Object.keys(result.quantities).length > 0) selection.setQuantities(result.quantities);
      if (result.autoSubmit) setAutoSubmit(true);
    })();
  }, []);
  const [autoSubmit, setAutoSubmit] = useState(false);

  const ticketCount = totalQuantity(selection.selection.quantities);
  const canSubmit = ticketCount > 0 && (mode === "anyDate" || !!sessionId) && seatsReady;
  const session = sessions.shown.find((s) => s.id === sessionId);
  const sessionAvailable = session?.available ?? -1;

  const submit = useCallback(() => {
    const request = buildReserveRequest(requestGroups, {
      ...choicesOf(selection.selection, mode === "dated" ? sessionId : undefined),
      seats,
    });
    if (!request.ok) {
      selection.setProblems(request.problems);
      return;
    }
    selection.setProblems(undefined);
    void submitter.submit({ add: request.add, additionalInfo: request.additionalInfo });
  }, [requestGroups, selection, mode, sessionId, submitter, seats]);

  useEffect(() => {
    if (autoSubmit && canSubmit) {
      setAutoSubmit(false);
      submit();
    }
  }, [autoSubmit, canSubmit, submit]);

  const switchMode = (next: Mode) => {
    setMode(next);
    setDate(undefined);
    setSessionId(undefined);
    sessions.clear();
    selection.reset();
  };

  if (days === null) return <p role="status">{text("reserve.loading")}</p>;
  // With its anchor in the cart an add-on offers only the days of the visit window.
  const offeredDays = offer.days(days);
  const noDates = datedGroups.length > 0 && !offeredDays.some((d) => d.status === "available");
  if (loadFailed && anyDateGroups.length === 0) return <p role="alert">{text("reserve.loadFailed")}</p>;
  if (noDates && anyDateGroups.length === 0) return <p className="notice">{text("event.unavailable")}</p>;

  const showTickets = mode === "anyDate" || !!sessionId;
  const price = selectionBreakdown(requestGroups, selection.selection);
  return (
    <div className="reserve-flow">
      {notices.map((n) => (
        <p key={n} className="notice notice--warning" role="alert">
          {n}
        </p>
      ))}
      {datedGroups.length > 0 && anyDateGroups.length > 0 && (
        <fieldset className="reserve__section reserve-mode">
          <legend>{text("reserve.mode.legend")}</legend>
          {(["dated", "anyDate"] as const).map((m) => (
            <label key={m} className="reserve-mode__option">
              <ChoiceInput
                type="radio"
                name="reserve-mode"
                checked={mode === m}
                onChange={() => switchMode(m)}
              />
              {m === "dated" ? text("reserve.mode.dated") : text("reserve.mode.anyDate")}
            </label>
          ))}
        </fieldset>
      )}
      {mode === "dated" && props.flow !== "single" && (
        <DatePicker
          days={offeredDays}
          selected={date}
          onSelect={(d) => void chooseDate(d)}
          flexiblePrices={flexiblePrices}
        />
      )}
      {mode === "dated" && date && sessions.loaded && (
        <SessionPicker
          sessions={sessions.shown}
          conflicting={sessions.conflicting}
          selected={sessionId}
          onSelect={chooseSession}
          prices={sessions.sessionPrices}
          flexiblePrices={flexiblePrices}
          allDay={sessions.allDay}
        />
      )}
      {mode === "dated" && sessions.loading && <p role="status">{text("reserve.loading")}</p>}
      {showTickets && (
        <>
          <TicketGroups
            groups={groups}
            prices={prices}
            sessionAvailable={sessionAvailable}
            selection={selection}
            disabled={submitter.submitting}
          />
          {mode === "dated" && sessionId && seatDemand.length > 0 && (
            <Suspense fallback={<p role="status">{text("reserve.seats.loading")}</p>}>
              <SeatSelection
                sessionId={sessionId}
                demand={seatDemand}
                chosen={seats}
                onChange={setSeats}
                reloadKey={seatMapVersion}
                total={price.total}
              />
            </Suspense>
          )}
          <DetailsFields groups={groups} selection={selection} />
        </>
      )}
      <ReserveFooter
        total={price.total}
        fees={price.fees}
        ticketCount={ticketCount}
        canSubmit={canSubmit}
        onSubmit={submit}
        submitter={submitter}
      />
    </div>
  );
}
