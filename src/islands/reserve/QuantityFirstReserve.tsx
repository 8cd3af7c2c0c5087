/**
 * Quantity-first reserve (spec §2, §4): quantities open, then closed (dates fetched for the
 * selection), date selected, sessions shown and chosen, then details and submit. Changing the
 * quantities resets the dates and sessions.
 */
import { useCallback, useMemo, useState } from "react";
import type { CalendarDay } from "../../lib/api/schemas.ts";
import { totalQuantity } from "../../lib/domain/quantity-limits.ts";
import { buildReserveRequest, selectionBreakdown } from "../../lib/domain/reserve-request.ts";
import { useReserveEnv } from "./context.ts";
import { DatePicker } from "./DatePicker.tsx";
import { DetailsFields } from "./DetailsFields.tsx";
import { ReserveFooter } from "./ReserveFooter.tsx";
import { SessionPicker } from "./SessionPicker.tsx";
import { TicketGroups } from "./TicketGroups.tsx";
import { useAddOnOffer } from "./useAddOnOffer.ts";
import { useReserveSubmit } from "./useReserveSubmit.ts";
import { choicesOf, useRequestGroups, useSelection } from "./useSelection.ts";
import { useSessions } from "./useSessions.ts";

export function QuantityFirstReserve() {
  const { props, api, text } = useReserveEnv();
  const [open, setOpen] = useState(true);
  const [days, setDays] = useState<CalendarDay[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [date, setDate] = useState<string>();
  const [sessionId, setSessionId] = useState<string>();
  const selection = useSelection();
  const sessions = useSessions();
  const offer = useAddOnOffer();
  // With its anchor in the cart an add-on offers only the days of the visit window.
  const offered = useMemo(() => (days ? offer.days(days) : null), [days, offer]);
  const { quantities } = selection.selection;
  const lines = useMemo(
    () =>
      Object.entries(quantities)
        .filter(([, q]) => q > 0)
        .map(([ticket_type_id, quantity]) => ({ ticket_type_id, quantity })),
    [quantities],
  );
  const prices = useMemo(() => sessions.typePrices(sessionId), [sessions, sessionId]);
  const requestGroups = useRequestGroups(props.groups, prices, props.currency);
  const ticketCount = totalQuantity(quantities);
  const flexiblePrices = props.groups.every((g) => g.types.every((t) => t.flexible));

  const findDates = useCallback(async () => {
    setOpen(false);
    setDays(null);
    setLoadFailed(false);
    try {
      setDays((await api.calendarFor(props.eventId, lines)).calendar._data);
    } catch {
      setLoadFailed(true);
      setDays([]);
    }
  }, [api, props.eventId, lines]);

  const changeTickets = () => {
    setOpen(true);
    setDays(null);
    setDate(undefined);
    setSessionId(undefined);
    sessions.clear();
  };

  const chooseDate = (next: string) => {
    setDate(next);
    setSessionId(undefined);
    void sessions.load(next, lines);
  };

  const onSoldOut = useCallback(
    async (soldId: string | undefined) => {
      const time = sessions.shown.find((s) => s.id === (soldId ?? sessionId))?.label ?? "";
      setSessionId(undefined);
      const reloaded = date ? await sessions.load(date, lines) : null;
      const others = (reloaded?.event_session._data ?? []).some((s) => s.id !== soldId && !s.sold_out);
      if (others) return text("reserve.soldOutSession", { time });
      setDate(undefined);
      sessions.clear();
      await findDates();
      return text("reserve.soldOutDate", { time });
    },
    [sessions, sessionId, date, lines, text, findDates],
  );
  const submitter = useReserveSubmit({ onSoldOut, onAdded: changeTickets });

  const price = selectionBreakdown(requestGroups, selection.selection);
  const submit = () => {
    const request = buildReserveRequest(requestGroups, choicesOf(selection.selection, sessionId));
    if (!request.ok) {
      selection.setProblems(request.problems);
      return;
    }
    selection.setProblems(undefined);
    void submitter.submit({ add: request.add, additionalInfo: request.additionalInfo });
  };

  return (
    <div className="reserve-flow">
      {open ? (
        <>
          {/* tickets_must_match_anchor_tickets: no more add-on tickets than the admission's. */}
          <TicketGroups
            groups={props.groups}
            prices={{}}
            sessionAvailable={offer.ticketsLeft ?? -1}
            selection={selection}
          />
          {offer.ticketsLeft !== undefined && ticketCount >= offer.ticketsLeft && (
            <p className="notice notice--info" role="status">
              {offer.ticketsLeft > 0
                ? text("reserve.addOn.matchAnchor", { count: offer.ticketsLeft })
                : text("reserve.addOn.matched")}
            </p>
          )}
          <p>
            <button
              type="button"
              className="button"
              disabled={ticketCount === 0}
              onClick={() => void findDates()}
            >
              {text("reserve.quantityFirst.continue")}
            </button>
          </p>
        </>
      ) : (
        <p className="reserve-summary">
          <span>
            {props.groups
              .flatMap((g) => g.types)
              .filter((t) => (quantities[t.id] ?? 0) > 0)
              .map((t) => `${quantities[t.id]} × ${t.name}`)
              .join(", ")}
          </span>{" "}
          <button type="button" className="button button--secondary" onClick={changeTickets}>
            {text("reserve.quantityFirst.change")}
          </button>
        </p>
      )}
      {!open && days === null && <p role="status">{text("reserve.loading")}</p>}
      {!open && loadFailed && <p role="alert">{text("reserve.loadFailed")}</p>}
      {!open && offered && !loadFailed && !offered.some((d) => d.status === "available") && (
        <p className="notice">{text("reserve.unavailableOnDate")}</p>
      )}
      {!open && offered && offered.some((d) => d.status === "available") && (
        <DatePicker days={offered} selected={date} onSelect={chooseDate} flexiblePrices={flexiblePrices} />
      )}
      {!open && date && sessions.loaded && (
        <SessionPicker
          sessions={sessions.shown}
          conflicting={sessions.conflicting}
          selected={sessionId}
          onSelect={setSessionId}
          prices={sessions.sessionPrices}
          flexiblePrices={flexiblePrices}
          allDay={sessions.allDay}
        />
      )}
      {!open && sessionId && <DetailsFields groups={props.groups} selection={selection} />}
      <ReserveFooter
        total={price.total}
        fees={price.fees}
        ticketCount={ticketCount}
        canSubmit={!open && ticketCount > 0 && !!sessionId}
        onSubmit={submit}
        submitter={submitter}
      />
    </div>
  );
}
