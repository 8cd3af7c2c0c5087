/** The sessions held in the cart, as conflicts.ts needs them (with their events' padding). */
import type { CartEnvelope } from "../../lib/api/cart/schemas.ts";
import { foldMeta } from "../../lib/api/meta.ts";
import type { TimedSession } from "../../lib/domain/conflicts.ts";

const num = (v: unknown) => (typeof v === "number" ? v : undefined);

/** A cart session with its event, so an add-on can leave out its anchor's sessions. */
export type CartSession = TimedSession & { eventId: string | null };

export function cartSessions(envelope: CartEnvelope | undefined): CartSession[] {
  if (!envelope) return [];
  const ids = new Set(
    envelope.ticket._data.map((t) => t.event_session_id).filter((id): id is string => !!id),
  );
  return (envelope.event_session?._data ?? [])
    .filter((s) => ids.has(s.id))
    .map((s) => {
      const event = envelope.event_template?._data.find((e) => e.id === s.event_template_id);
      const meta = foldMeta(envelope.meta?._data, s.event_template_id, "event_template");
      return {
        id: s.id,
        eventId: s.event_template_id,
        start: new Date(s.start_datetime),
        end: new Date(s.end_datetime),
        category: event?.category ?? null,
        padPreStart: num(meta?.pad_pre_start),
        padPostEnd: num(meta?.pad_post_end),
      };
    });
}
