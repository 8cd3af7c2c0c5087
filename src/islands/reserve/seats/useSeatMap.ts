/**
 * A session's seat map for the selector: geometry, drawable elements and seats (spec §3 "Seat map",
 * §7 seat_map read). Read cached first and fresh after a seat was taken (`reloadKey` > 0). Seats this
 * cart already holds for the session show as sold, whatever the cached read says.
 */
import { useStore } from "@nanostores/react";
import { useEffect, useMemo, useState } from "react";
import type { SeatMapEnvelope } from "../../../lib/api/cart/reserve-client.ts";
import type { Seat } from "../../../lib/api/schemas.ts";
import type { MapSize } from "../../../lib/domain/seat-selection.ts";
import { $cart } from "../../../lib/stores/cart.ts";
import { useReserveEnv } from "../context.ts";

export type MapElement =
  | { type: "rect"; x: number; y: number; width: number; height: number; label?: string }
  | { type: "text"; x: number; y: number; text: string };

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * One drawable of map_geometry.other_elements (rect with an optional label, or text); anything
 * else is skipped. Checked by hand: zod features used only here would ship on every event page.
 */
export function mapElementOf(raw: unknown): MapElement | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const el = raw as Record<string, unknown>;
  if (!isNumber(el.x) || !isNumber(el.y)) return undefined;
  if (el.type === "rect" && isNumber(el.width) && isNumber(el.height))
    return {
      type: "rect",
      x: el.x,
      y: el.y,
      width: el.width,
      height: el.height,
      ...(typeof el.label === "string" ? { label: el.label } : {}),
    };
  if (el.type === "text" && typeof el.text === "string")
    return { type: "text", x: el.x, y: el.y, text: el.text };
  return undefined;
}

export interface SeatMapData {
  size: MapSize;
  elements: MapElement[];
  seats: Seat[];
}

export type SeatMapState =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; data: SeatMapData };

function toData(envelope: SeatMapEnvelope): SeatMapData {
  const geometry = envelope.seat_map._data[0]?.map_geometry;
  const seats = envelope.seat._data;
  const size = geometry
    ? { width: geometry.width, height: geometry.height }
    : {
        width: Math.max(1, ...seats.map((s) => s.x + s.radius)),
        height: Math.max(1, ...seats.map((s) => s.y + s.radius)),
      };
  const elements = (geometry?.other_elements ?? []).flatMap((raw) => mapElementOf(raw) ?? []);
  return { size, elements, seats };
}

export function useSeatMap(sessionId: string, reloadKey: number): SeatMapState {
  const { props, api } = useReserveEnv();
  const cart = useStore($cart);
  const [state, setState] = useState<SeatMapState>({ status: "loading" });

  useEffect(() => {
    let current = true;
    setState({ status: "loading" });
    api.seatMap(props.eventId, sessionId, reloadKey > 0).then(
      (envelope) => {
        if (current) setState({ status: "ready", data: toData(envelope) });
      },
      (error: unknown) => {
        console.warn("seat map: load failed", error instanceof Error ? error.name : "unknown");
        if (current) setState({ status: "failed" });
      },
    );
    return () => {
      current = false;
    };
  }, [api, props.eventId, sessionId, reloadKey]);

  const held = useMemo(
    () =>
      new Set(
        (cart?.envelope.ticket._data ?? [])
          .filter((t) => t.event_session_id === sessionId && t.seat_template_id)
          .map((t) => t.seat_template_id),
      ),
    [cart, sessionId],
  );

  return useMemo((): SeatMapState => {
    if (state.status !== "ready" || held.size === 0) return state;
    const seats = state.data.seats.map((s) =>
      held.has(s.seat_template_id) && s.state === "available" ? { ...s, state: "booked" as const } : s,
    );
    return { status: "ready", data: { ...state.data, seats } };
  }, [state, held]);
}
