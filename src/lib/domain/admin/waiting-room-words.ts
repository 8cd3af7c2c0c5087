/**
 * The on-sale waiting room in the back office's words: a room's title (the events it guards), and
 * what a screen reader hears when a refresh shows the sale changed (it opened, it was paused or
 * resumed, its rate changed, the line emptied). The figures' every tick is said by nobody.
 */

export interface RoomWordsView {
  all_events: boolean;
  events: readonly { name: string }[];
  phase: "before" | "open";
  paused: boolean;
  rate_per_minute: number | null;
  figures: { waiting: number };
}

export function roomTitle(room: Pick<RoomWordsView, "all_events" | "events">): string {
  const names = room.events.map((e) => e.name).join(", ");
  if (!room.all_events) return names;
  return names ? `${names}, and every other event` : "Every event";
}

/** What changed between two refreshes, in one sentence; null: nothing worth saying. */
export function roomChangeWords(before: RoomWordsView, after: RoomWordsView): string | null {
  const title = roomTitle(after);
  if (before.phase !== after.phase && after.phase === "open") return `${title}: the sale is open.`;
  if (before.paused !== after.paused)
    return after.paused ? `${title}: the line is paused.` : `${title}: the line moves again.`;
  if (before.rate_per_minute !== after.rate_per_minute)
    return after.rate_per_minute === null
      ? `${title}: no rate now; the shop's cap limits.`
      : `${title}: now lets in ${after.rate_per_minute} a minute.`;
  if (before.figures.waiting > 0 && after.figures.waiting === 0) return `${title}: nobody is waiting.`;
  return null;
}
