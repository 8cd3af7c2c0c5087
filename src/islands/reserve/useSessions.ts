/**
 * A date's sessions for the reserve screen: loaded fresh with the selection's price schedule,
 * split into the ones shown and the ones hidden as conflicting with the cart's sessions.
 */
import { useStore } from "@nanostores/react";
import { useCallback, useMemo, useState } from "react";
import type { SelectionLine, SessionsEnvelope } from "../../lib/api/cart/reserve-client.ts";
import { allDaySession } from "../../lib/domain/all-day.ts";
import { partitionConflicts } from "../../lib/domain/conflicts.ts";
import { apiMoneyMinor } from "../../lib/domain/money.ts";
import { $cart } from "../../lib/stores/cart.ts";
import { cartSessions } from "./cart-sessions.ts";
import { useReserveEnv } from "./context.ts";
import { type SessionView, sessionView } from "./day-view.ts";
import { useAddOnOffer } from "./useAddOnOffer.ts";

export function useSessions() {
  const { props, api, text } = useReserveEnv();
  const cart = useStore($cart);
  const [envelope, setEnvelope] = useState<SessionsEnvelope | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const offer = useAddOnOffer();

  const load = useCallback(
    async (date: string, lines: readonly SelectionLine[]): Promise<SessionsEnvelope | null> => {
      setLoading(true);
      setFailed(false);
      try {
        const next = await api.sessionsOn(props.eventId, date, lines);
        setEnvelope(next);
        return next;
      } catch {
        setFailed(true);
        setEnvelope(null);
        return null;
      } finally {
        setLoading(false);
      }
    },
    [api, props.eventId],
  );

  const clear = useCallback(() => setEnvelope(null), []);

  const views = useMemo(() => {
    // An add-on offers only the sessions its visit window allows (useAddOnOffer.ts).
    const offered = offer.sessions(
      (envelope?.event_session._data ?? []).map((s) => ({
        ...sessionView(s, props.timezone, props.locale),
        padPreStart: props.padPreStart,
        padPostEnd: props.padPostEnd,
        category: props.category,
      })),
    );
    // Spec 1 §9: the date's single long session of a repeating event is all day: 'All day' for its time.
    const allDay = allDaySession(props.eventType, offered);
    const all = allDay ? offered.map((s) => ({ ...s, label: text("reserve.session.allDay") })) : offered;
    return {
      allDay: allDay !== undefined,
      ...partitionConflicts(all, offer.conflictSessions(cartSessions(cart?.envelope)), {
        defaultPadPreStart: props.defaultPadPreStart,
        defaultPadPostEnd: props.defaultPadPostEnd,
      }),
    };
  }, [envelope, cart, props, offer, text]);

  /** Prices of a session by ticket type (price schedule), minor units. */
  const typePrices = useCallback(
    (sessionId: string | undefined): Record<string, number> => {
      const out: Record<string, number> = {};
      for (const p of envelope?.price_schedule?._data ?? []) {
        if (p.event_session_id === sessionId) out[p.ticket_type_id] = apiMoneyMinor(p.currency_amount);
      }
      return out;
    },
    [envelope],
  );

  /** The shown price of each session: the primary type's, else the lowest fixed one. */
  const sessionPrices = useMemo(() => {
    const lowest: Record<string, number> = {};
    const primary: Record<string, number> = {};
    const fixed = new Set(props.groups.flatMap((g) => g.types.filter((t) => !t.flexible).map((t) => t.id)));
    for (const p of envelope?.price_schedule?._data ?? []) {
      if (!fixed.has(p.ticket_type_id)) continue;
      const amount = apiMoneyMinor(p.currency_amount);
      if (p.ticket_type_id === props.primaryTypeId) primary[p.event_session_id] = amount;
      const current = lowest[p.event_session_id];
      if (current === undefined || amount < current) lowest[p.event_session_id] = amount;
    }
    const out: Record<string, number> = { ...lowest, ...primary };
    return out;
  }, [envelope, props.groups, props.primaryTypeId]);

  return {
    loaded: envelope !== null,
    loading,
    failed,
    load,
    clear,
    /** The date's one session is all day (spec 1 §9): no time to choose. */
    allDay: views.allDay,
    shown: views.available as SessionView[],
    conflicting: views.conflicting as SessionView[],
    typePrices,
    sessionPrices,
  };
}
