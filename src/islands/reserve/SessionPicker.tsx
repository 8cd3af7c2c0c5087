/**
 * The session picker (spec §2, §4 "Session tabs"): up to three tabs by the threshold
 * configuration, unavailable tabs with their reason ('Not available', 'Sold out'), the first
 * available tab preselected; sold-out sessions cannot be chosen; times 'h:mm A' in the venue's
 * time zone; remaining capacity; sessions overlapping the cart are hidden and listed. An all-day
 * date (spec §9, domain/all-day.ts) has no time to choose: its one session is taken and shown as
 * 'All day' in place of the picker.
 */
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { remainingCapacityMessage } from "../../lib/domain/availability.ts";
import { messagesFor } from "../../lib/domain/message-rules.ts";
import { messageText } from "../../lib/domain/messages.ts";
import { showsPrice } from "../../lib/domain/price-display.ts";
import { preselectedTab, splitSessionTabs } from "../../lib/domain/session-tabs.ts";
import { ChoiceInput } from "../ui/ChoiceInput.tsx";
import { useReserveEnv } from "./context.ts";
import { annotations, type SessionView } from "./day-view.ts";

interface SessionPickerProps {
  sessions: readonly SessionView[];
  conflicting: readonly SessionView[];
  selected: string | undefined;
  onSelect: (id: string) => void;
  /** Shown price per session id, minor units. */
  prices: Readonly<Record<string, number>>;
  flexiblePrices: boolean;
  /** The date's one session is all day (useSessions). */
  allDay?: boolean;
}

export function SessionPicker({
  sessions,
  conflicting,
  selected,
  onSelect,
  prices,
  flexiblePrices,
  allDay = false,
}: SessionPickerProps) {
  const { props, text, money } = useReserveEnv();
  const tabs = splitSessionTabs(sessions, props.sessionTabs);
  const initialTab = Math.max(0, preselectedTab(tabs));
  const [tab, setTab] = useState(initialTab);
  const tabReason = tabs[tab]?.unavailableReason ?? null;
  const baseId = useId();
  const sessionKey = sessions.map((s) => s.id).join(",");
  // A new day's sessions preselect their first available tab again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the sessions change.
  useEffect(() => setTab(initialTab), [sessionKey]);
  const chosen = sessions.find((s) => s.id === selected);
  const sessionMessages = chosen
    ? messagesFor(props.messageRules, "session_message", {
        date: chosen.date,
        time: chosen.time,
        weekday: new Date(`${chosen.date}T00:00:00Z`).getUTCDay(),
      })
    : [];
  const showPrice = showsPrice(props.priceDisplay, "session", flexiblePrices);
  const allDaySession = allDay && sessions.length === 1 ? sessions[0] : undefined;
  // A sold-out session of the date: its waiting list, when the tenant keeps one.
  const soldOutShown = sessions.find((s) => s.soldOut);
  const waitingList =
    props.waitingListHref && soldOutShown ? (
      <p className="session-waiting-list">
        <a
          href={`${props.waitingListHref}?date=${encodeURIComponent(soldOutShown.date)}&session=${encodeURIComponent(soldOutShown.id)}`}
        >
          {text("reserve.waitingList")}
        </a>
      </p>
    ) : null;
  // An all-day date's session is taken at once (a sold-out one stays unchosen, as in the picker).
  useEffect(() => {
    if (allDaySession && !allDaySession.soldOut && selected !== allDaySession.id) onSelect(allDaySession.id);
  }, [allDaySession, selected, onSelect]);

  if (sessions.length === 0 && conflicting.length === 0) {
    return (
      <section className="reserve__section" aria-labelledby={`${baseId}-h`}>
        <h3 id={`${baseId}-h`}>{text("reserve.session.heading")}</h3>
        <p>{text("reserve.session.none")}</p>
      </section>
    );
  }

  if (allDaySession) {
    const label = remainingCapacityMessage(
      allDaySession.available,
      allDaySession.soldOut,
      props.remainingThreshold,
    );
    const remaining = label && messageText(label, text);
    const price = prices[allDaySession.id];
    return (
      <section className="reserve__section session-all-day" aria-labelledby={`${baseId}-h`}>
        <h3 id={`${baseId}-h`}>{text("reserve.session.allDay.heading")}</h3>
        <p className="session-all-day__time">
          <span className="session-option__time">{allDaySession.label}</span>
          {showPrice && price !== undefined && !allDaySession.soldOut && (
            <span className="session-option__price"> {money(price)}</span>
          )}
        </p>
        {allDaySession.soldOut && <p>{text("reserve.session.soldOut")}</p>}
        {waitingList}
        {remaining && <p className="session-option__remaining">{remaining}</p>}
        {sessionMessages.map((m) => (
          <p className="notice notice--info reserve__message" key={m}>
            {m}
          </p>
        ))}
      </section>
    );
  }

  const list = (items: readonly SessionView[]) => (
    <fieldset className="session-list">
      <legend className="visually-hidden">{text("reserve.session.heading")}</legend>
      {items.map((s) => {
        const label = remainingCapacityMessage(s.available, s.soldOut, props.remainingThreshold);
        const remaining = label && messageText(label, text);
        const badges = annotations(props.messageRules, "session_annotation", { date: s.date, time: s.time });
        const price = prices[s.id];
        return (
          <label key={s.id} className={`session-option${s.soldOut ? " session-option--sold-out" : ""}`}>
            <ChoiceInput
              type="radio"
              name={`${baseId}-session`}
              value={s.id}
              checked={s.id === selected}
              disabled={s.soldOut}
              onChange={() => onSelect(s.id)}
            />
            <span className="session-option__time">{s.label}</span>
            {showPrice && price !== undefined && !s.soldOut && (
              <span className="session-option__price">{money(price)}</span>
            )}
            {remaining && <span className="session-option__remaining">{remaining}</span>}
            {badges.map((b) => (
              <span className="badge" key={b}>
                {b}
              </span>
            ))}
          </label>
        );
      })}
    </fieldset>
  );

  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (tab + step + tabs.length) % tabs.length;
    setTab(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  };

  return (
    <section className="reserve__section" aria-labelledby={`${baseId}-h`}>
      <h3 id={`${baseId}-h`}>{text("reserve.session.heading")}</h3>
      {tabs.length > 0 ? (
        <>
          <div
            className="session-tabs"
            role="tablist"
            aria-label={text("reserve.session.heading")}
            onKeyDown={onTabKey}
          >
            {tabs.map((t, i) => (
              <button
                key={t.name + t.from}
                id={`${baseId}-tab-${i}`}
                type="button"
                role="tab"
                aria-selected={i === tab}
                aria-controls={`${baseId}-panel`}
                tabIndex={i === tab ? 0 : -1}
                className="session-tab"
                onClick={() => setTab(i)}
              >
                {t.name}
                {t.unavailableReason && (
                  <span className="session-tab__reason"> ({text(t.unavailableReason)})</span>
                )}
              </button>
            ))}
          </div>
          <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${tab}`}>
            {(tabs[tab]?.sessions.length ?? 0) > 0 ? (
              list(tabs[tab]?.sessions ?? [])
            ) : (
              <p>{tabReason ? text(tabReason) : null}</p>
            )}
          </div>
        </>
      ) : (
        list(sessions)
      )}
      {waitingList}
      {conflicting.length > 0 && (
        <p className="muted reserve__conflicting">
          {text("reserve.session.conflicting")} {conflicting.map((s) => s.label).join(", ")}
        </p>
      )}
      {sessionMessages.map((m) => (
        <p className="notice notice--info reserve__message" key={m}>
          {m}
        </p>
      ))}
    </section>
  );
}
