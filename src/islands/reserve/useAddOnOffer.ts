/**
 * The add-on offer of this event with the current cart (rules in lib/domain/add-on-offer.ts): the
 * days and sessions the visit window allows, the cart sessions that count as conflicts, and how
 * many more add-on tickets match the anchor's.
 */
import { useStore } from "@nanostores/react";
import { useMemo } from "react";
import {
  addOnTicketsLeft,
  type CartAnchor,
  cartAnchorFor,
  conflictSessionsFor,
  offeredDays,
  offeredSessions,
} from "../../lib/domain/add-on-offer.ts";
import { eventMetaOf } from "../../lib/domain/cart-items.ts";
import { $cart } from "../../lib/stores/cart.ts";
import { useReserveEnv } from "./context.ts";

export interface AddOnOffer {
  anchor: CartAnchor | null;
  days<D extends { date: string; status: string }>(days: readonly D[]): D[];
  sessions<S extends { start: Date }>(sessions: readonly S[]): S[];
  conflictSessions<T extends { id: string; eventId: string | null }>(cartSessions: readonly T[]): T[];
  /** More add-on tickets the cart can take, or undefined without that limit. */
  ticketsLeft: number | undefined;
}

export function useAddOnOffer(): AddOnOffer {
  const { props } = useReserveEnv();
  const cart = useStore($cart);
  const envelope = cart?.envelope;
  return useMemo(() => {
    const rule = props.addOn;
    const held = envelope?.ticket._data.filter((t) => t.state === "held") ?? [];
    const sessions = new Map((envelope?.event_session?._data ?? []).map((s) => [s.id, s]));
    const anchor =
      rule && envelope
        ? cartAnchorFor(
            rule,
            held,
            (eventId) => eventMetaOf(envelope, eventId).is_anchor,
            (id) => {
              const s = sessions.get(id);
              return s ? { start: new Date(s.start_datetime), end: new Date(s.end_datetime) } : undefined;
            },
          )
        : null;
    const own = held.filter((t) => t.event_template_id === props.eventId).length;
    return {
      anchor,
      days: (days) => offeredDays(days, rule, anchor, props.timezone),
      sessions: (list) => offeredSessions(list, rule, anchor, props.timezone),
      conflictSessions: (list) => conflictSessionsFor(list, rule, anchor, (s) => s.eventId),
      ticketsLeft: addOnTicketsLeft(rule, anchor, own),
    };
  }, [envelope, props.addOn, props.eventId, props.timezone]);
}
