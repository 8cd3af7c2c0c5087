/**
 * The calendar (spec §2, §4, §9): one scrollable list of months with previous and next buttons
 * (disabled when the first or last month is visible), a weekday header and a legend. Each month
 * is a keyboard grid with a roving tabindex: up and down move 7 days, left and right 1 day (as seen:
 * mirrored on a right-to-left page), Enter selects. Prices and badges follow the price-display configuration.
 */
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import type { CalendarDay } from "../../lib/api/schemas.ts";
import { isLowAvailability } from "../../lib/domain/availability.ts";
import { calendarMonths, moveCalendarFocus, weekdayHeaders } from "../../lib/domain/calendar.ts";
import { useReserveEnv } from "./context.ts";
import { annotations, dayPrice, formatLongDate } from "./day-view.ts";

/** Spec §9: a month counts as visible at 40 % in view. */
const VISIBILITY_THRESHOLD = 0.4;

interface CalendarPickerProps {
  days: readonly CalendarDay[];
  selected: string | undefined;
  onSelect: (date: string) => void;
  flexiblePrices: boolean;
}

export function CalendarPicker({ days, selected, onSelect, flexiblePrices }: CalendarPickerProps) {
  const { props, text, money } = useReserveEnv();
  const byDate = useMemo(() => new Map(days.map((d) => [d.date, d])), [days]);
  const first = days[0]?.date ?? "";
  const last = days[days.length - 1]?.date ?? "";
  const months = useMemo(
    () => (first && last ? calendarMonths(first, last, props.locale) : []),
    [first, last, props.locale],
  );
  const weekdays = useMemo(() => weekdayHeaders(props.locale), [props.locale]);
  const firstAvailable = days.find((d) => d.status === "available")?.date ?? first;
  const [focusDate, setFocusDate] = useState(selected ?? firstAvailable);
  const [visible, setVisible] = useState(0);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = list.current;
    if (!root || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const index = Number((entry.target as HTMLElement).dataset.index);
          setVisible(index);
        }
      },
      { root, threshold: VISIBILITY_THRESHOLD },
    );
    for (const el of root.querySelectorAll(".calendar-month")) observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // Opening the calendar moves focus into it; arrow keys move it along.
  useEffect(() => {
    list.current?.querySelector<HTMLButtonElement>(`[data-date="${focusDate}"]`)?.focus();
  }, [focusDate]);

  const scrollTo = (index: number) => {
    const target = list.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    target?.scrollIntoView({ block: "nearest", inline: "start" });
    setVisible(index);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The grid's direction as laid out (an Arabic page is right to left): arrows move as seen.
    const direction = getComputedStyle(event.currentTarget).direction === "rtl" ? "rtl" : "ltr";
    const next = moveCalendarFocus(focusDate, event.key, first, last, direction);
    if (!next) return;
    event.preventDefault();
    setFocusDate(next);
  };

  const isLow = (day: CalendarDay | undefined) =>
    day?.status === "available" && isLowAvailability(day.available, props.remainingThreshold);

  /**
   * The day's accessible name: the long date, its status and (on sale) the price. The visible day
   * number and price are inside it in the same order, so the name contains what the eye reads
   * (WCAG 2.5.3), and the button takes its name from its content rather than an aria-label.
   */
  const label = (date: string, day: CalendarDay | undefined) => {
    const status =
      day?.status === "available"
        ? text("reserve.calendar.available")
        : day?.status === "sold_out"
          ? text("reserve.calendar.soldOut")
          : text("reserve.calendar.unavailable");
    const low = isLow(day) ? text("reserve.calendar.low") : "";
    const price = day && day.status === "available" ? dayPrice(day, props, flexiblePrices) : undefined;
    return [formatLongDate(date, props.locale), status, low, price !== undefined ? money(price) : ""]
      .filter(Boolean)
      .join(", ");
  };

  return (
    <section className="calendar" aria-label={text("reserve.calendar.label")}>
      <div className="calendar__nav">
        <button
          type="button"
          className="button button--secondary"
          disabled={visible <= 0}
          onClick={() => scrollTo(visible - 1)}
        >
          {text("reserve.calendar.previous")}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={visible >= months.length - 1}
          onClick={() => scrollTo(visible + 1)}
        >
          {text("reserve.calendar.next")}
        </button>
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move the grids' roving focus. */}
      <div className="calendar__months" ref={list} onKeyDown={onKeyDown}>
        {months.map((month, index) => (
          <div className="calendar-month" key={month.id} data-index={index}>
            <h4 id={`cal-${month.id}`} className="calendar-month__name">
              {month.name}
            </h4>
            <table aria-labelledby={`cal-${month.id}`} className="calendar-month__grid">
              <thead>
                <tr>
                  {weekdays.map(([short, long]) => (
                    <th scope="col" key={short} abbr={long}>
                      {short}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {month.weeks.map((week) => (
                  <tr key={`${month.id}-${week.find(Boolean)}`}>
                    {week.map((date, i) => {
                      if (!date || date < first || date > last) {
                        // biome-ignore lint/suspicious/noArrayIndexKey: padding cells have no identity.
                        return <td key={`${month.id}-pad-${i}`} />;
                      }
                      const day = byDate.get(date);
                      const available = day?.status === "available";
                      const price = available && day ? dayPrice(day, props, flexiblePrices) : undefined;
                      const badges = annotations(props.messageRules, "date_annotation", { date });
                      return (
                        <td key={date}>
                          <button
                            type="button"
                            data-date={date}
                            className={`calendar-day calendar-day--${day?.status ?? "unreleased"}${isLow(day) ? " calendar-day--low" : ""}${date === selected ? " calendar-day--selected" : ""}`}
                            tabIndex={date === focusDate ? 0 : -1}
                            aria-disabled={!available || undefined}
                            aria-pressed={date === selected}
                            onFocus={() => setFocusDate(date)}
                            onClick={() => available && onSelect(date)}
                          >
                            <span className="visually-hidden">{label(date, day)}</span>
                            <span aria-hidden="true">{Number(date.slice(8))}</span>
                            {price !== undefined && (
                              <span className="calendar-day__price" aria-hidden="true">
                                {money(price)}
                              </span>
                            )}
                            {available && badges.length > 0 && (
                              <span className="calendar-day__badge" aria-hidden="true" />
                            )}
                          </button>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      </div>
      <ul className="calendar__legend">
        <li>
          <span className="legend-swatch calendar-day--available" aria-hidden="true" />{" "}
          {text("reserve.calendar.available")}
        </li>
        <li>
          <span className="legend-swatch calendar-day--available calendar-day--low" aria-hidden="true" />{" "}
          {text("reserve.calendar.low")}
        </li>
        <li>
          <span className="legend-swatch calendar-day--sold_out" aria-hidden="true" />{" "}
          {text("reserve.calendar.soldOut")}
        </li>
        <li>
          <span className="legend-swatch calendar-day--unreleased" aria-hidden="true" />{" "}
          {text("reserve.calendar.unavailable")}
        </li>
        <li>
          <span className="legend-swatch calendar-day--selected" aria-hidden="true" />{" "}
          {text("reserve.calendar.selected")}
        </li>
      </ul>
    </section>
  );
}
