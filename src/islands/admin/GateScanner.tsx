/**
 * The gate: the staff member names the gate and chooses what it checks (everything today, one
 * event, or one session), then scans tickets and member cards with the camera or types a code.
 * Each answer fills a full-width panel, green, amber or red, with a headline readable at arm's
 * length, read out (a status for green, an alert for amber and red), heard and felt (signal.ts).
 * Amber may be admitted anyway with a reason; an admission may be undone with a reason. The last
 * scans are listed below. The server decides every verdict; the island only shows it, except when
 * the network fails: then the gate decides from the day's codes it keeps (gate/use-offline-gate.ts,
 * rules in domain/gate/offline.ts), shows that it is offline and how many scans wait, and syncs them
 * when the network is back.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { adminApi } from "../../lib/api/admin/client.ts";
import type { GateDayView, GateScanBody, GateScanView, GateScopeBody } from "../../lib/api/admin/schemas.ts";
import { browserClient } from "../../lib/api/browser.ts";
import { shopperMessage } from "../../lib/api/errors.ts";
import { waitingWords } from "../../lib/domain/gate/offline.ts";
import { ChoiceInput } from "../ui/ChoiceInput.tsx";
import { IslandForm } from "../ui/IslandForm.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import { TextField } from "../ui/TextField.tsx";
import { CameraError, type CameraRun, startCamera } from "./gate/camera.ts";
import { rememberedGateName, rememberGateName } from "./gate/gate-name.ts";
import { isNetworkFailure } from "./gate/offline-store.ts";
import { RepeatFilter } from "./gate/repeat-filter.ts";
import { signal, unlockSound } from "./gate/signal.ts";
import { useOfflineGate } from "./gate/use-offline-gate.ts";

export interface GateScannerProps {
  seller: string;
  staffId: string;
  /** The router base of the tenant's pages: the service worker's scope is the gate page under it. */
  base: string;
  locale: string;
  initialDay: GateDayView;
}

/** How many scans the list below the panel keeps. */
const RECENT = 6;

interface Scan {
  answer: GateScanView;
  code: string;
  at: Date;
  undone: boolean;
}

/** The scope radio's value: "today", "event:{id}" or "session:{id}". */
function scopeOf(value: string): GateScopeBody {
  if (value.startsWith("event:")) return { kind: "event", event_id: value.slice(6) };
  if (value.startsWith("session:")) return { kind: "session", session_id: value.slice(8) };
  return { kind: "today" };
}

function inScope(session: GateDayView["sessions"][number], scope: GateScopeBody): boolean {
  if (scope.kind === "event") return session.event_id === scope.event_id;
  if (scope.kind === "session") return session.id === scope.session_id;
  return true;
}

export default function GateScanner(props: GateScannerProps) {
  const api = adminApi(browserClient(), props.seller);
  const [day, setDay] = useState(props.initialDay);
  const [gateName, setGateName] = useState("");
  const [scopeValue, setScopeValue] = useState("today");
  const [setupError, setSetupError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const [current, setCurrent] = useState<Scan | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [recent, setRecent] = useState<Scan[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [typed, setTyped] = useState("");
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [undoOpen, setUndoOpen] = useState(false);

  const [cameraOn, setCameraOn] = useState(false);
  const [cameraStarting, setCameraStarting] = useState(false);
  const [cameraNote, setCameraNote] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const camera = useRef<CameraRun | null>(null);
  const repeats = useRef(new RepeatFilter());
  const inFlight = useRef<string | null>(null);
  const fromCamera = useRef<(code: string) => void>(() => {});
  const codeField = useRef<HTMLInputElement>(null);
  const undoField = useRef<HTMLInputElement>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  const undoWasOpen = useRef(false);

  const scope = scopeOf(scopeValue);
  const offline = useOfflineGate({
    api,
    seller: props.seller,
    staffId: props.staffId,
    base: props.base,
    timeZone: day.timezone,
    locale: props.locale,
    active: checking,
    onSynced: () => void refreshDay(),
  });

  // The remembered name is read after hydration: the server has no localStorage.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    setGateName((name) => name || rememberedGateName(props.seller, props.staffId));
  }, []);
  useEffect(() => () => camera.current?.stop(), []);
  // Opening the undo form moves to its reason; closing it comes back to the button that opened it.
  useEffect(() => {
    if (undoOpen) undoField.current?.focus();
    else if (undoWasOpen.current) undoButton.current?.focus();
    undoWasOpen.current = undoOpen;
  }, [undoOpen]);

  const time = (iso: string) =>
    new Intl.DateTimeFormat(props.locale, { timeStyle: "short", timeZone: day.timezone }).format(
      new Date(iso),
    );
  const clock = (at: Date) =>
    new Intl.DateTimeFormat(props.locale, { timeStyle: "medium", timeZone: day.timezone }).format(at);
  const events = [...new Map(day.sessions.map((x) => [x.event_id, x.event_name])).entries()];
  const counted = day.sessions.filter((x) => inScope(x, scope));
  const checkedIn = counted.reduce((n, x) => n + x.checked_in, 0);
  const sold = counted.reduce((n, x) => n + x.sold, 0);
  const scopeLabel =
    scope.kind === "event"
      ? `all of ${events.find(([id]) => id === scope.event_id)?.[1] ?? "one event"} today`
      : scope.kind === "session"
        ? (() => {
            const s = day.sessions.find((x) => x.id === scope.session_id);
            return s ? `${s.event_name} at ${time(s.start)}` : "one session";
          })()
        : "everything today";

  async function refreshDay() {
    try {
      const fresh = (await api.gateDay()).gate_day._data[0];
      if (fresh) setDay(fresh);
    } catch {
      // The counts stay as they were; the next scan reads them again.
    }
  }

  function startChecking(event: FormEvent) {
    event.preventDefault();
    const name = gateName.trim();
    if (!name) return setSetupError("Name the gate, such as North gate.");
    setSetupError(null);
    setGateName(name);
    rememberGateName(props.seller, props.staffId, name);
    setChecking(true);
    void refreshDay();
  }

  async function scan(code: string, override?: { reason: string }) {
    const body: GateScanBody = {
      scan_id: crypto.randomUUID(),
      code,
      gate: gateName,
      scope,
      ...(override ? { override: true, reason: override.reason } : {}),
    };
    inFlight.current = code;
    setBusy(true);
    setError(null);
    try {
      let answer: GateScanView | undefined;
      try {
        answer = (await api.scan(body)).gate_scan._data[0];
        offline.answeredOnline();
      } catch (e) {
        if (!isNetworkFailure(e)) throw e;
        // No network: the gate decides from the day's codes, and queues what it admits.
        const local = await offline.decideOffline({
          scanId: body.scan_id,
          code,
          gate: gateName,
          scope,
          override,
        });
        answer = {
          scan_id: body.scan_id,
          light: local.light,
          kind: local.kind,
          headline: local.headline,
          detail: local.detail,
          ticket_id: null,
          membership_id: null,
          can_override: local.canOverride,
          conflict: false,
        };
      }
      if (!answer) throw new Error("no answer");
      const done: Scan = { answer, code, at: new Date(), undone: false };
      setCurrent(done);
      setNotice(null);
      setReason("");
      setReasonError(null);
      // A new answer closes an open undo form without taking the focus anywhere.
      undoWasOpen.current = false;
      setUndoOpen(false);
      setRecent((list) => [done, ...list].slice(0, RECENT));
      signal(answer.light);
      if (answer.kind === "admitted" && answer.ticket_id) void refreshDay();
      // The reason's form is gone with the amber answer: the next code is typed where focus lands.
      if (override) codeField.current?.focus();
    } catch (e) {
      setError(shopperMessage(e, "The code could not be checked. Check the connection and try again."));
    } finally {
      inFlight.current = null;
      setBusy(false);
    }
  }

  // The camera's callback outlives renders: it calls the latest scan through this ref.
  fromCamera.current = (code: string) => {
    // While a scan is on its way, another code waits for the next frame; the same code is a sighting.
    if (inFlight.current !== null && inFlight.current !== code) return;
    if (!repeats.current.accept(code, performance.now())) return;
    void scan(code);
  };

  async function toggleCamera() {
    unlockSound();
    if (camera.current) {
      camera.current.stop();
      camera.current = null;
      setCameraOn(false);
      setCameraNote("The camera is off.");
      return;
    }
    const node = video.current;
    if (!node) return;
    setCameraStarting(true);
    setCameraNote("Starting the camera…");
    try {
      repeats.current.reset();
      camera.current = await startCamera(node, (code) => fromCamera.current(code));
      setCameraOn(true);
      setCameraNote("The camera is on. Hold a code in view.");
    } catch (e) {
      setCameraNote(
        e instanceof CameraError ? e.message : "The camera could not start. Type the codes below.",
      );
    } finally {
      setCameraStarting(false);
    }
  }

  function checkTyped(event: FormEvent) {
    event.preventDefault();
    unlockSound();
    const code = typed.trim();
    if (!code) return setError("Type a code to check.");
    setTyped("");
    void scan(code);
  }

  function admitAnyway(event: FormEvent) {
    event.preventDefault();
    if (!current) return;
    if (!reason.trim()) return setReasonError("Say why this ticket is admitted anyway.");
    void scan(current.code, { reason: reason.trim() });
  }

  async function undo(event: FormEvent) {
    event.preventDefault();
    const ticketId = current?.answer.ticket_id;
    if (!current || !ticketId) return;
    if (!reason.trim()) return setReasonError("Say why the admission is undone.");
    setBusy(true);
    setError(null);
    try {
      await api.undoAdmission(ticketId, reason.trim());
      const scanId = current.answer.scan_id;
      setRecent((list) => list.map((x) => (x.answer.scan_id === scanId ? { ...x, undone: true } : x)));
      setCurrent(null);
      setNotice("Admission undone. The ticket can be scanned again.");
      setReason("");
      setReasonError(null);
      undoWasOpen.current = false;
      setUndoOpen(false);
      codeField.current?.focus();
      void refreshDay();
    } catch (e) {
      setError(shopperMessage(e, "The admission could not be undone."));
    } finally {
      setBusy(false);
    }
  }

  if (!checking) {
    return (
      <IslandForm noValidate onSubmit={startChecking} className="gate-setup">
        <TextField
          base="admin-field"
          label="Gate name, such as North gate"
          name="gate_name"
          autoComplete="off"
          maxLength={60}
          value={gateName}
          onChange={setGateName}
          error={setupError}
        />
        <fieldset className="admin-roles gate-scope">
          <legend>What this gate checks</legend>
          <label className="gate-choice">
            <ChoiceInput
              type="radio"
              name="scope"
              value="today"
              checked={scopeValue === "today"}
              onChange={() => setScopeValue("today")}
            />{" "}
            <span>
              <strong>Everything today</strong>
              <span className="admin-muted"> · every session, passes and member cards</span>
            </span>
          </label>
          {events.map(([eventId, eventName]) => (
            <div key={eventId} className="gate-event">
              <label className="gate-choice">
                <ChoiceInput
                  type="radio"
                  name="scope"
                  value={`event:${eventId}`}
                  checked={scopeValue === `event:${eventId}`}
                  onChange={() => setScopeValue(`event:${eventId}`)}
                />{" "}
                <span>
                  <strong>{eventName}</strong>
                  <span className="admin-muted"> · all its sessions today</span>
                </span>
              </label>
              {day.sessions
                .filter((x) => x.event_id === eventId)
                .map((x) => (
                  <label key={x.id} className="gate-choice gate-choice--session">
                    <ChoiceInput
                      type="radio"
                      name="scope"
                      value={`session:${x.id}`}
                      checked={scopeValue === `session:${x.id}`}
                      onChange={() => setScopeValue(`session:${x.id}`)}
                    />{" "}
                    <span>
                      {time(x.start)} only
                      <span className="admin-muted">
                        {" "}
                        · {x.checked_in} of {x.sold} checked in
                      </span>
                    </span>
                  </label>
                ))}
            </div>
          ))}
          {events.length === 0 && (
            <p className="admin-muted">No sessions today: passes and member cards only.</p>
          )}
        </fieldset>
        <SubmitButton busy={false} label="Start checking" busyLabel="Starting…" />
      </IslandForm>
    );
  }

  const answer = current?.answer ?? null;
  const light = answer?.light ?? "idle";
  const words = answer ? (
    <div key={answer.scan_id}>
      <p className="gate-verdict__headline">{answer.headline}</p>
      {answer.detail && <p className="gate-verdict__detail">{answer.detail}</p>}
    </div>
  ) : null;

  return (
    <div className="gate">
      <div className="gate-bar">
        <p>
          <strong>{gateName}</strong> checks {scopeLabel}.{" "}
          <span className="gate-bar__count">
            {checkedIn} of {sold} checked in
          </span>
        </p>
        <p className={`gate-network gate-network--${offline.online ? "online" : "offline"}`} role="status">
          {waitingWords(offline.online, offline.waiting)}
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            camera.current?.stop();
            camera.current = null;
            setCameraOn(false);
            setCameraNote(null);
            setChecking(false);
          }}
        >
          Change gate
        </button>
      </div>

      <section className={`gate-verdict gate-verdict--${light}`} aria-label="Scan answer">
        <div role="status" aria-atomic="true">
          {light === "green" ? words : null}
          {!answer && (
            <p className="gate-verdict__idle">{notice ?? "Ready. Scan a code, or type it below."}</p>
          )}
        </div>
        <div role="alert" aria-atomic="true">
          {light === "amber" || light === "red" ? words : null}
        </div>
      </section>

      {answer?.can_override && current && (
        <IslandForm noValidate onSubmit={admitAnyway} className="gate-action">
          <TextField
            base="admin-field"
            label="Reason to admit anyway"
            name="override_reason"
            autoComplete="off"
            maxLength={300}
            value={reason}
            onChange={setReason}
            error={reasonError}
          />
          <SubmitButton busy={busy} label="Admit anyway" busyLabel="Admitting…" />
        </IslandForm>
      )}
      {answer?.kind === "admitted" && answer.ticket_id && current && !current.undone && (
        <div className="gate-action">
          {!undoOpen ? (
            <button
              ref={undoButton}
              type="button"
              className="button button--secondary"
              onClick={() => setUndoOpen(true)}
            >
              Undo admission…
            </button>
          ) : (
            <IslandForm noValidate onSubmit={undo} className="gate-action__form">
              <TextField
                ref={undoField}
                base="admin-field"
                label="Reason to undo"
                name="undo_reason"
                autoComplete="off"
                maxLength={300}
                value={reason}
                onChange={setReason}
                error={reasonError}
              />
              <div className="gate-action__buttons">
                <SubmitButton busy={busy} label="Undo" busyLabel="Undoing…" />
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => {
                    setUndoOpen(false);
                    setReasonError(null);
                  }}
                >
                  Keep admitted
                </button>
              </div>
            </IslandForm>
          )}
        </div>
      )}

      <p className="gate-error" role="alert">
        {error ?? ""}
      </p>

      <p className="gate-sync-note" role="status">
        {offline.syncNote ?? ""}
      </p>
      {offline.conflicts.length > 0 && (
        <section className="gate-conflicts" aria-labelledby="gate-conflicts-heading">
          <h2 id="gate-conflicts-heading">Conflicts</h2>
          <ul className="gate-conflicts__list">
            {offline.conflicts.map((c) => (
              <li key={c.id}>{c.words}</li>
            ))}
          </ul>
        </section>
      )}

      <section className="gate-camera" aria-labelledby="gate-camera-heading">
        <h2 id="gate-camera-heading">Camera</h2>
        <div className={`gate-camera__view${cameraOn ? " gate-camera__view--on" : ""}`}>
          <video ref={video} muted playsInline aria-label="The camera's view" />
        </div>
        <button
          type="button"
          className="button"
          onClick={toggleCamera}
          disabled={cameraStarting}
          aria-busy={cameraStarting || undefined}
        >
          {cameraOn ? "Stop camera" : "Start camera"}
        </button>
        <p className="gate-camera__note" role="status">
          {cameraNote ?? ""}
        </p>
      </section>

      <IslandForm noValidate onSubmit={checkTyped} className="admin-inline-form gate-typed">
        <TextField
          ref={codeField}
          base="admin-field"
          label="Code"
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={200}
          value={typed}
          onChange={setTyped}
        />
        <SubmitButton busy={busy} label="Check code" busyLabel="Checking…" />
      </IslandForm>

      {recent.length > 0 && (
        <section className="gate-recent" aria-labelledby="gate-recent-heading">
          <h2 id="gate-recent-heading">Last scans</h2>
          <ol>
            {recent.map((x) => (
              <li key={x.answer.scan_id} className={`gate-recent__item gate-recent__item--${x.answer.light}`}>
                <span className="gate-recent__time">{clock(x.at)}</span>{" "}
                <strong>{x.undone ? `${x.answer.headline} (undone)` : x.answer.headline}</strong>
                {x.answer.detail && <span className="gate-recent__detail"> {x.answer.detail}</span>}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
