/**
 * The date selector (spec §2): the first 8 day buttons, then 'Show more dates' opens the calendar;
 * a 'Change' button once a date is chosen. Date messages of the chosen day show below.
 */
import { useEffect, useRef, useState } from "react";
import type { CalendarDay } from "../../lib/api/schemas.ts";
import { weekdayOf } from "../../lib/domain/calendar.ts";
import { messagesFor } from "../../lib/domain/message-rules.ts";
import { CalendarPicker } from "./CalendarPicker.tsx";
import { useReserveEnv } from "./context.ts";
import { annotations, dayPrice, formatLongDate } from "./day-view.ts";

export const DATE_BUTTONS = 8;

interface DatePickerProps {
  days: readonly CalendarDay[];
  selected: string | undefined;
  onSelect: (date: string) => void;
  flexiblePrices: boolean;
}

export function DatePicker({ days, selected, onSelect, flexiblePrices }: DatePickerProps) {
  const { props, text, money } = useReserveEnv();
  const [view, setView] = useState<"buttons" | "calendar">("buttons");
  const [changing, setChanging] = useState(false);
  const open = days.filter((d) => d.status !== "unreleased");
  const change = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  // The chosen control disappears: keyboard focus moves to the 'Change' button that replaces it.
  useEffect(() => {
    if (refocus.current && selected) change.current?.focus();
    refocus.current = false;
  }, [selected]);
  const choose = (date: string) => {
    setChanging(false);
    setView("buttons");
    refocus.current = true;
    onSelect(date);
  };
  const dateMessages = selected
    ? messagesFor(props.messageRules, "date_message", { date: selected, weekday: weekdayOf(selected) })
    : [];
  return (
    <section className="reserve__section" aria-labelledby="reserve-date-heading">
      <h3 id="reserve-date-heading">{text("reserve.date.heading")}</h3>
      {selected && !changing ? (
        <p className="reserve-date__chosen">
          <span>
            {text("reserve.date.chosen")}: <strong>{formatLongDate(selected, props.locale)}</strong>
          </span>{" "}
          <button
            ref={change}
            type="button"
            className="button button--secondary"
            onClick={() => setChanging(true)}
          >
            {text("reserve.date.change")}
          </button>
        </p>
      ) : view === "buttons" ? (
        <>
          <ul className="date-buttons">
            {open.slice(0, DATE_BUTTONS).map((day) => {
              const price = dayPrice(day, props, flexiblePrices);
              const badges = annotations(props.messageRules, "date_annotation", { date: day.date });
              const soldOut = day.status !== "available";
              return (
                <li key={day.date}>
                  <button
                    type="button"
                    className="date-button"
                    aria-pressed={day.date === selected}
                    disabled={soldOut}
                    onClick={() => choose(day.date)}
                  >
                    <span className="date-button__date">{formatLongDate(day.date, props.locale)}</span>
                    {soldOut && (
                      <span className="date-button__status">{text("reserve.calendar.soldOut")}</span>
                    )}
                    {!soldOut && price !== undefined && (
                      <span className="date-button__price">
                        {props.pricePrefix ? `${props.pricePrefix} ` : ""}
                        {money(price)}
                      </span>
                    )}
                    {badges.map((b) => (
                      <span className="badge" key={b}>
                        {b}
                      </span>
                    ))}
                  </button>
                </li>
              );
            })}
          </ul>
          {open.length > DATE_BUTTONS && (
            <button type="button" className="button button--secondary" onClick={() => setView("calendar")}>
              {text("reserve.date.showMore")}
            </button>
          )}
        </>
      ) : (
        <CalendarPicker days={days} selected={selected} onSelect={choose} flexiblePrices={flexiblePrices} />
      )}
      {dateMessages.map((m) => (
        <p className="notice notice--info reserve__message" key={m}>
          {m}
        </p>
      ))}
    </section>
  );
}
