/**
 * Seat selection of the date-first reserve (spec §2, §4 "Seats", §5): 'Find Seats' (hidden once
 * every ticket has a seat), the list of selected seats, 'Change Selected Seats', the §5 problems
 * ('Not enough seats for ...', 'Too many seats for ...') and the selector. The selector goes closed,
 * rendering (50 ms), open; back and confirm close it; opening hides the body's scroll on mobile;
 * closing scrolls to the selected seats. Leaving this component clears the chosen seats.
 * Loaded lazily (React.lazy) only for events with a seated group; its styles come with it (a
 * hoisted <style>), so other pages ship neither.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  type ChosenSeats,
  keepChosenFor,
  SELECTOR_OPEN_DELAY_MS,
  type SeatDemand,
  seatProblems,
  seatProblemText,
} from "../../../lib/domain/seat-selection.ts";
import { useReserveEnv } from "../context.ts";
import { SeatSelector, type SelectorState } from "./SeatSelector.tsx";
import seatStyles from "./seats.css?inline";
import { useSeatMap } from "./useSeatMap.ts";

export interface SeatSelectionProps {
  sessionId: string;
  /** The seated groups being ordered, with their quantities. */
  demand: readonly SeatDemand[];
  chosen: ChosenSeats;
  onChange: (next: ChosenSeats) => void;
  /** Bumped after a seat was taken: the map is read again, fresh. */
  reloadKey: number;
  total: number;
}

const MOBILE_QUERY = "(max-width: 40em)";

export default function SeatSelection({
  sessionId,
  demand,
  chosen,
  onChange,
  reloadKey,
  total,
}: SeatSelectionProps) {
  const { text } = useReserveEnv();
  const map = useSeatMap(sessionId, reloadKey);
  const [state, setState] = useState<SelectorState>("closed");
  const [draft, setDraft] = useState<ChosenSeats>({});
  const summary = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const problems = seatProblems(demand, chosen);
  const complete = problems.length === 0;
  const seatNames = useMemo(() => {
    const names = new Map<string, string>();
    if (map.status === "ready") for (const s of map.data.seats) names.set(s.seat_template_id, s.name);
    return names;
  }, [map]);
  const chosenGroups = demand.filter((g) => (chosen[g.id]?.length ?? 0) > 0);

  const open = () => {
    setDraft(keepChosenFor(demand, chosen));
    setState("rendering");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("open"), SELECTOR_OPEN_DELAY_MS);
  };
  const close = useCallback(() => {
    clearTimeout(timer.current);
    setState("closed");
  }, []);
  const confirm = () => {
    onChange(keepChosenFor(demand, draft));
    close();
  };
  const changeTickets = () => {
    close();
    const heading = document.getElementById("reserve-tickets-heading");
    heading?.scrollIntoView({ block: "start" });
    heading?.closest("section")?.querySelector<HTMLButtonElement>("button:not([disabled])")?.focus();
  };

  // Opening hides the body's scroll on mobile (the selector is full screen there).
  useEffect(() => {
    if (state !== "open" || !globalThis.matchMedia?.(MOBILE_QUERY).matches) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previous;
    };
  }, [state]);

  // Closing scrolls to the selected seats; focus goes there when its opener is gone.
  useEffect(() => {
    if (state === "open") wasOpen.current = true;
    if (state !== "closed" || !wasOpen.current) return;
    wasOpen.current = false;
    summary.current?.scrollIntoView({ block: "nearest" });
    // Focus left in the closed dialog, or on the body (the opener was 'Find Seats', now hidden).
    const active = document.activeElement;
    if (!active || active === document.body || active.closest("dialog:not([open])")) summary.current?.focus();
  }, [state]);

  // Leaving the component (another session, other quantities) clears the chosen seats.
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      latestOnChange.current({});
    },
    [],
  );

  return (
    <section className="reserve__section seat-selection" aria-labelledby="reserve-seats-heading">
      <style href="foyer-seat-selection" precedence="default">
        {seatStyles}
      </style>
      <h3 id="reserve-seats-heading">{text("reserve.seats.heading")}</h3>
      <div ref={summary} className="seat-selection__summary" tabIndex={-1}>
        {chosenGroups.length > 0 && (
          <>
            <h4 className="seat-selection__list-heading">{text("reserve.seats.selected")}</h4>
            <ul className="seat-selection__list" data-testid="selected-seats">
              {chosenGroups.map((g) => (
                <li key={g.id}>
                  {text("reserve.seats.groupSeats", {
                    group: g.name,
                    seats: (chosen[g.id] ?? []).map((id) => seatNames.get(id) ?? id).join(", "),
                  })}
                </li>
              ))}
            </ul>
          </>
        )}
        {chosenGroups.length > 0 &&
          problems.map((p) => (
            <p key={p.groupId} className="field-error">
              {seatProblemText(p, {
                notEnough: text("reserve.seats.notEnough"),
                tooMany: text("reserve.seats.tooMany"),
              })}
            </p>
          ))}
      </div>
      <div className="seat-selection__actions">
        {!complete && (
          <button type="button" className="button" onClick={open} aria-haspopup="dialog">
            {text("reserve.seats.find")}
          </button>
        )}
        {chosenGroups.length > 0 && (
          <button type="button" className="button button--secondary" onClick={open} aria-haspopup="dialog">
            {text("reserve.seats.change")}
          </button>
        )}
      </div>
      <SeatSelector
        state={state}
        demand={demand}
        map={map}
        draft={draft}
        onDraft={setDraft}
        total={total}
        onBack={close}
        onConfirm={confirm}
        onChangeTickets={changeTickets}
      />
    </section>
  );
}
