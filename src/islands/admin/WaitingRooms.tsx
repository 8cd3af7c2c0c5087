/**
 * The on-sale waiting rooms, live: each room's figures refresh every few seconds through the admin
 * API (not while the tab is hidden), and an admin pauses (after a confirmation), resumes, or sets
 * its rate. Screen readers hear what changes the sale (it opens, it is paused or resumed, the rate
 * changes), never the figures' every tick.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { adminApi } from "../../lib/api/admin/client.ts";
import type { WaitingRoomView } from "../../lib/api/admin/schemas.ts";
import { browserClient } from "../../lib/api/browser.ts";
import { shopperMessage } from "../../lib/api/errors.ts";
import { roomChangeWords, roomTitle } from "../../lib/domain/admin/waiting-room-words.ts";
import { IslandForm } from "../ui/IslandForm.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import { TextField } from "../ui/TextField.tsx";
import { useConfirmStep } from "./use-confirm-step.ts";

export const REFRESH_SECONDS = 5;

export interface WaitingRoomsProps {
  seller: string;
  locale: string;
  timezone: string;
  rooms: WaitingRoomView[];
  /** The staff member may pause, resume and set the rate. */
  canChange: boolean;
}

export default function WaitingRooms({
  seller,
  locale,
  timezone,
  rooms: first,
  canChange,
}: WaitingRoomsProps) {
  const [rooms, setRooms] = useState(first);
  const [announced, setAnnounced] = useState("");
  const [stale, setStale] = useState(false);
  const latest = useRef(first);

  useEffect(() => {
    let timer = 0;
    let live = true;
    const api = adminApi(browserClient(), seller);
    const tick = async () => {
      if (!document.hidden) {
        try {
          const next = (await api.waitingRooms()).waiting_room._data;
          if (!live) return;
          const words = next
            .map((room) => {
              const before = latest.current.find((r) => r.key === room.key);
              return before ? roomChangeWords(before, room) : null;
            })
            .filter((w): w is string => w !== null);
          if (words.length) setAnnounced(words.join(" "));
          latest.current = next;
          setRooms(next);
          setStale(false);
        } catch {
          if (live) setStale(true);
        }
      }
      if (live) timer = window.setTimeout(tick, REFRESH_SECONDS * 1000);
    };
    timer = window.setTimeout(tick, REFRESH_SECONDS * 1000);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [seller]);

  /** A room as an action answered it: shown at once, and not announced again by the next refresh. */
  const changed = (room: WaitingRoomView) => {
    latest.current = latest.current.map((r) => (r.key === room.key ? room : r));
    setRooms((now) => now.map((r) => (r.key === room.key ? room : r)));
  };

  return (
    <div className="admin-rooms">
      <p className="visually-hidden" aria-live="polite">
        {announced}
      </p>
      {stale && (
        <p className="admin-muted" role="status">
          The figures could not be refreshed; trying again.
        </p>
      )}
      {rooms.map((room) => (
        <RoomPanel
          key={room.key}
          seller={seller}
          locale={locale}
          timezone={timezone}
          room={room}
          canChange={canChange}
          onChange={changed}
        />
      ))}
    </div>
  );
}

interface RoomPanelProps {
  seller: string;
  locale: string;
  timezone: string;
  room: WaitingRoomView;
  canChange: boolean;
  onChange: (room: WaitingRoomView) => void;
}

function RoomPanel({ seller, locale, timezone, room, canChange, onChange }: RoomPanelProps) {
  const { confirming, askRef, firstRef, ask, stepBack, close } = useConfirmStep();
  const [rate, setRate] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const headingId = `room-${room.key.replace(/[^A-Za-z0-9_-]/g, "_")}`;
  const title = roomTitle(room);
  const count = new Intl.NumberFormat(locale);
  const when = new Intl.DateTimeFormat(locale, {
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: timezone,
  }).format(new Date(room.on_sale_at));

  async function run(work: () => Promise<{ waiting_room: { _data: WaitingRoomView[] } }>, message: string) {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const answer = (await work()).waiting_room._data[0];
      if (answer) onChange(answer);
      close();
      setDone(message);
    } catch (e) {
      setError(shopperMessage(e, "The change could not be made."));
    } finally {
      setBusy(false);
    }
  }

  const api = () => adminApi(browserClient(), seller);
  const pause = () =>
    run(() => api().pauseWaitingRoom(room.key), "The line is paused: nobody more is let in.");
  const resume = () => run(() => api().resumeWaitingRoom(room.key), "The line moves again.");
  const setNewRate = (event: FormEvent) => {
    event.preventDefault();
    const value = rate.trim();
    if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 100_000) {
      setDone(null);
      setError("Write the rate as a whole number of shoppers a minute, from 1 to 100,000.");
      return;
    }
    void run(
      () => api().setWaitingRoomRate(room.key, Number(value)),
      `The line lets in ${count.format(Number(value))} a minute from now on.`,
    ).then(() => setRate(""));
  };
  const fileRate = () =>
    run(
      () => api().setWaitingRoomRate(room.key, null),
      room.file_rate_per_minute === null
        ? "Back to the tenant file's settings: no rate, the shop's cap limits."
        : `Back to the tenant file's rate: ${count.format(room.file_rate_per_minute)} a minute.`,
    );

  const rateWords =
    room.rate_per_minute === null
      ? "No rate: the shop's cap limits"
      : room.rate_override !== null
        ? `${count.format(room.rate_per_minute)} a minute, set by staff (the tenant file says ${
            room.file_rate_per_minute === null ? "none" : count.format(room.file_rate_per_minute)
          })`
        : `${count.format(room.rate_per_minute)} a minute (the tenant file's)`;
  const state =
    room.phase === "before"
      ? `The sale opens on ${when}.`
      : room.paused
        ? "Paused: nobody more is let in. Shoppers in the shop keep their time."
        : `Open since ${when}.`;

  return (
    <section className="admin-section admin-room" aria-labelledby={headingId} data-room={room.key}>
      <h2 id={headingId}>{title}</h2>
      {room.all_events && <p className="admin-muted">Every event no other waiting room names.</p>}
      <p className={room.paused ? "admin-room__state admin-room__state--paused" : "admin-room__state"}>
        {room.paused && room.phase === "before" ? `Paused. The sale opens on ${when}.` : state}
      </p>
      <dl className="admin-room__figures" aria-label={`${title}: the line now`}>
        <div>
          <dt>Waiting</dt>
          <dd>{count.format(room.figures.waiting)}</dd>
        </div>
        <div>
          <dt>Let in so far</dt>
          <dd>{count.format(room.figures.admitted)}</dd>
        </div>
        <div>
          <dt>In the shop now</dt>
          <dd>{count.format(room.figures.in_shop)}</dd>
        </div>
        <div>
          <dt>Tickets sold since the on-sale</dt>
          <dd>{count.format(room.figures.sold)}</dd>
        </div>
        <div>
          <dt>Let in over the last minute</dt>
          <dd>{count.format(room.figures.admitted_last_minute)}</dd>
        </div>
      </dl>
      <dl className="admin-facts">
        <div>
          <dt>Rate</dt>
          <dd>{rateWords}</dd>
        </div>
        <div>
          <dt>Shop cap</dt>
          <dd>{room.max_in_shop === null ? "None" : `${count.format(room.max_in_shop)} shoppers at once`}</dd>
        </div>
        <div>
          <dt>Stay</dt>
          <dd>{room.stay_minutes} minutes once let in</dd>
        </div>
      </dl>
      {canChange && (
        <div className="admin-actions">
          {error && (
            <p className="admin-login__error" role="alert">
              {error}
            </p>
          )}
          <p className="admin-room__status" role="status">
            {done}
          </p>
          {room.paused ? (
            <div className="admin-key-actions">
              <button type="button" className="button" onClick={resume} disabled={busy}>
                Resume the line
              </button>
            </div>
          ) : confirming ? (
            <div className="admin-confirm">
              <p>
                Pause the line for {title}? Nobody more is let in until you resume it; shoppers already in the
                shop keep their time.
              </p>
              <div className="admin-key-actions">
                <button ref={firstRef} type="button" className="button" onClick={pause} disabled={busy}>
                  {busy ? "Pausing…" : "Pause the line"}
                </button>
                <button type="button" className="button button--secondary" onClick={stepBack} disabled={busy}>
                  Keep it running
                </button>
              </div>
            </div>
          ) : (
            <div className="admin-key-actions">
              <button
                ref={askRef}
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setDone(null);
                  setError(null);
                  ask();
                }}
              >
                Pause…
              </button>
            </div>
          )}
          <IslandForm noValidate onSubmit={setNewRate} className="admin-inline-form">
            <TextField
              base="admin-field"
              label="New rate (shoppers a minute)"
              name={`rate-${headingId}`}
              inputMode="numeric"
              value={rate}
              onChange={setRate}
            />
            <div className="admin-key-actions">
              <SubmitButton busy={busy} label="Set the rate" busyLabel="Saving…" />
              {room.rate_override !== null && (
                <button type="button" className="button button--secondary" onClick={fileRate} disabled={busy}>
                  Back to the file's rate
                </button>
              )}
            </div>
          </IslandForm>
        </div>
      )}
    </section>
  );
}
