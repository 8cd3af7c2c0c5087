/**
 * The line page's script (pages/[seller]/events/[id]/queue.astro): no framework, a few KB. It asks
 * the line for the visitor's place (POST waiting_room/{id}/line, which also joins it), writes the
 * place, the estimate or the countdown into the page's live region, and goes on to the event once
 * the answer says the visitor is let in (the answer has set the admission cookie). The timing is
 * domain/waiting-room/poll.ts.
 */
import { countdownText, estimateMinutes, nextPollMs, type PollPhase } from "../domain/waiting-room/poll.ts";
import { format } from "../tenant/string-format.ts";

interface QueueConfig {
  seller: string;
  eventId: string;
  eventHref: string;
  onSaleAt: string;
  locale: string;
  strings: Record<string, string>;
}

interface LineAnswer {
  phase: "before" | "waiting" | "admitted";
  /** Null for the second until the line has drawn or given the visitor's place. */
  position?: number | null;
  paused?: boolean;
  estimate_seconds?: number | null;
  leaves_at?: string;
  on_sale_at?: string;
  server_now?: string;
}

export function startQueue(doc: Document): void {
  const raw = doc.querySelector("[data-queue-config]")?.textContent;
  const main = doc.querySelector<HTMLElement>("[data-queue-main]");
  const detail = doc.querySelector<HTMLElement>("[data-queue-detail]");
  const onward = doc.querySelector<HTMLElement>("[data-queue-continue]");
  if (!raw || !main || !detail || !onward) return;
  const config = JSON.parse(raw) as QueueConfig;
  const t = (key: string, vars?: Record<string, string | number>) => format(config.strings[key] ?? key, vars);
  const numbers = new Intl.NumberFormat(config.locale);
  const onSaleAt = Date.parse(config.onSaleAt);
  let failures = 0;
  // The server's clock less the device's: the countdown and the timing follow the server.
  let skew = 0;
  const now = () => Date.now() + skew;
  let countdown: ReturnType<typeof setInterval> | undefined;

  const show = (first: string, second: string) => {
    if (main.textContent !== first) main.textContent = first;
    if (detail.textContent !== second) detail.textContent = second;
  };
  const tickCountdown = () => {
    const left = onSaleAt - now();
    // The live region is polite: the countdown is read when it changes by the minute, not each second.
    show(t("waitingRoom.countdown", { time: countdownText(left) }), "");
  };

  const ask = async (): Promise<PollPhase | null> => {
    const url = `/api/waiting_room/${encodeURIComponent(config.eventId)}/line?_seller=${encodeURIComponent(config.seller)}`;
    const res = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "X-Ecommerce-App": "foyer-web" },
    });
    if (!res.ok) throw new Error(`line answered ${res.status}`);
    const body = (await res.json()) as { waiting_room_line: { _data: LineAnswer[] } };
    const line = body.waiting_room_line._data[0];
    if (!line) throw new Error("no line in the answer");
    const serverNow = Date.parse(line.server_now ?? "");
    if (Number.isFinite(serverNow)) skew = serverNow - Date.now();
    if (line.phase === "before") {
      if (!countdown) {
        tickCountdown();
        countdown = setInterval(tickCountdown, 1000);
      }
      return { phase: "before", onSaleAt };
    }
    if (countdown) clearInterval(countdown);
    countdown = undefined;
    doc.querySelector<HTMLElement>("[data-queue-opens]")?.setAttribute("hidden", "");
    if (line.phase === "admitted") {
      const minutes = Math.max(1, Math.round((Date.parse(line.leaves_at ?? "") - now()) / 60_000) || 1);
      show(t("waitingRoom.admitted", { minutes }), "");
      onward.hidden = false;
      setTimeout(() => window.location.assign(config.eventHref), 1500);
      return null;
    }
    if (line.position === null || line.position === undefined) {
      show(t("waitingRoom.placing"), "");
      return { phase: "placing" };
    }
    const place = t("waitingRoom.position", { position: numbers.format(line.position) });
    const estimate = line.estimate_seconds ?? null;
    const wait = line.paused
      ? t("waitingRoom.paused")
      : estimate === null
        ? ""
        : estimateMinutes(estimate) === 0
          ? t("waitingRoom.estimateSoon")
          : t("waitingRoom.estimate", { minutes: numbers.format(estimateMinutes(estimate)) });
    show(place, wait);
    return { phase: "waiting", estimateSeconds: line.paused ? null : estimate };
  };

  const loop = async () => {
    let next: PollPhase | null;
    try {
      next = await ask();
      failures = 0;
    } catch {
      failures += 1;
      detail.textContent = t("waitingRoom.retrying");
      next = { phase: "failed", failures };
    }
    if (next) setTimeout(() => void loop(), nextPollMs(next, now(), Math.random()));
  };
  void loop();
}
