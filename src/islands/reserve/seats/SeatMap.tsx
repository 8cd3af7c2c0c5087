/**
 * The seat map (spec §2 "Seat selection", §9): an SVG of circles in a zoomed and panned viewBox.
 * Every seat is a focusable button with an accessible name (seat, group, state); one seat is in the
 * tab order (roving tabindex): the arrow keys move along the previous/next chain and between rows,
 * Home and End to the row's ends, Enter and Space choose or release. Drag to pan. Rows are labelled
 * at both ends, available seats are filled by price zone (colour and pattern), and on opening the
 * map zooms in until a seat is at least 24 px wide, the stage end in view.
 */
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import type { Seat } from "../../../lib/api/schemas.ts";
import {
  openingFocus,
  type PriceZone,
  rowLabels,
  zoneOf,
  zoomForSeatSize,
} from "../../../lib/domain/seat-map-layout.ts";
import {
  type ChosenSeats,
  chosenGroupOf,
  type MapSize,
  moveFocus,
  panBy,
  revealPoint,
  type SeatMove,
  type Viewport,
  zoomTo,
} from "../../../lib/domain/seat-selection.ts";
import type { MapElement } from "./useSeatMap.ts";

export type SeatLook = "available" | "soldOut" | "unavailable" | "selected";

interface SeatMapProps {
  size: MapSize;
  elements: readonly MapElement[];
  seats: readonly Seat[];
  chosen: ChosenSeats;
  /** Groups whose seats can be chosen now (ordered, and within the filter). */
  activeGroups: ReadonlySet<string>;
  view: Viewport;
  onView: (view: Viewport) => void;
  onToggle: (seatId: string) => void;
  label: string;
  seatLabel: (seat: Seat, look: SeatLook) => string;
  /** The price zones (SeatSelector's legend names them). */
  zones: readonly PriceZone[];
}

const KEY_MOVES: Record<string, SeatMove> = {
  ArrowLeft: "left",
  ArrowRight: "right",
  ArrowUp: "up",
  ArrowDown: "down",
  Home: "home",
  End: "end",
};
const DRAG_THRESHOLD_PX = 4;
/** A finger moves a little in a tap: under this it is still a tap on the seat, not a drag. */
const TOUCH_DRAG_THRESHOLD_PX = 12;

export function seatLook(seat: Seat, chosen: ChosenSeats, activeGroups: ReadonlySet<string>): SeatLook {
  if (chosenGroupOf(chosen, seat.seat_template_id)) return "selected";
  if (seat.state === "booked") return "soldOut";
  if (seat.state === "unavailable" || !seat.ticket_group_ids.some((g) => activeGroups.has(g)))
    return "unavailable";
  return "available";
}

function firstFocus(seats: readonly Seat[], chosen: ChosenSeats, activeGroups: ReadonlySet<string>) {
  const looks = seats.map((s) => seatLook(s, chosen, activeGroups));
  const at = (look: SeatLook) => seats[looks.indexOf(look)]?.seat_template_id;
  return at("selected") ?? at("available") ?? seats[0]?.seat_template_id;
}

export function SeatMap(props: SeatMapProps) {
  const { size, seats, chosen, activeGroups, view, onView } = props;
  const [focusId, setFocusId] = useState<string>();
  const refs = useRef(new Map<string, SVGGElement>());
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<{
    x: number;
    y: number;
    view: Viewport;
    moved: boolean;
    pointer: number;
    threshold: number;
  } | null>(null);
  const rovingId =
    focusId && seats.some((s) => s.seat_template_id === focusId)
      ? focusId
      : firstFocus(seats, chosen, activeGroups);
  const w = size.width / view.zoom;
  const h = size.height / view.zoom;
  const rows = rowLabels(seats);

  // Once the map has a size (the selector draws it before its dialog opens), zoom in until seats are
  // at least 24 px wide, from the stage end or the first row of the seats being chosen (a balcony
  // order opens on the balcony); only once per opened map: later zooms are the shopper's.
  const fitted = useRef(false);
  const viewNow = useRef(view);
  viewNow.current = view;
  const activeGroupsNow = useRef(activeGroups);
  activeGroupsNow.current = activeGroups;
  useEffect(() => {
    const el = svg.current;
    if (!el) return;
    const fitOnce = () => {
      // The layout size, not the painted one: the dialog opens with a scaling animation.
      const box = { width: el.clientWidth, height: el.clientHeight };
      if (fitted.current || box.width === 0 || box.height === 0) return;
      fitted.current = true;
      const diameter = 2 * Math.max(0, ...seats.map((s) => s.radius));
      const current = viewNow.current;
      const zoom = zoomForSeatSize(size, box, diameter);
      if (current.zoom === 1 && zoom > 1)
        onView(zoomTo(size, current, zoom, openingFocus(size, zoom, seats, activeGroupsNow.current)));
    };
    fitOnce();
    const observer = new ResizeObserver(fitOnce);
    observer.observe(el);
    return () => observer.disconnect();
  }, [seats, size, onView]);

  const onKeyDown = (event: KeyboardEvent<SVGGElement>, seat: Seat) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      props.onToggle(seat.seat_template_id);
      return;
    }
    const move = KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const nextId = moveFocus(seats, seat.seat_template_id, move);
    const next = seats.find((s) => s.seat_template_id === nextId);
    setFocusId(nextId);
    refs.current.get(nextId)?.focus();
    if (next) onView(revealPoint(size, view, next, next.radius + 10));
  };

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    if (event.button !== 0) return;
    drag.current = {
      x: event.clientX,
      y: event.clientY,
      view,
      moved: false,
      pointer: event.pointerId,
      threshold: event.pointerType === "touch" ? TOUCH_DRAG_THRESHOLD_PX : DRAG_THRESHOLD_PX,
    };
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const start = drag.current;
    const box = svg.current?.getBoundingClientRect();
    if (!start || !box || box.width === 0) return;
    const dxPx = event.clientX - start.x;
    const dyPx = event.clientY - start.y;
    if (!start.moved && Math.hypot(dxPx, dyPx) < start.threshold) return;
    if (!start.moved) {
      start.moved = true;
      // Captured only once it is a drag, so a plain click still reaches its seat.
      svg.current?.setPointerCapture(start.pointer);
    }
    const unitsPerPx = Math.max(w / box.width, h / box.height);
    onView(panBy(size, start.view, -dxPx * unitsPerPx, -dyPx * unitsPerPx));
  };
  const endDrag = () => {
    drag.current = null;
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: the seats are SVG; the map groups them under its name.
    <svg
      ref={svg}
      className="seat-map"
      viewBox={`${view.x} ${view.y} ${w} ${h}`}
      style={{ aspectRatio: `${size.width} / ${size.height}` }}
      role="group"
      aria-label={props.label}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
    >
      {props.elements.map((el, i) =>
        el.type === "rect" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the map's drawing never reorders.
          <g key={i}>
            <rect className="seat-map__shape" x={el.x} y={el.y} width={el.width} height={el.height} rx={6} />
            {el.label && (
              <text className="seat-map__label" x={el.x + el.width / 2} y={el.y + el.height / 2}>
                {el.label}
              </text>
            )}
          </g>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the map's drawing never reorders.
          <text key={i} className="seat-map__label" x={el.x} y={el.y}>
            {el.text}
          </text>
        ),
      )}
      {rows.map((row) => (
        <g key={row.row} className="seat-map__row">
          <text className="seat-map__row-label" x={row.left.x} y={row.left.y}>
            {row.row}
          </text>
          <text className="seat-map__row-label" x={row.right.x} y={row.right.y}>
            {row.row}
          </text>
        </g>
      ))}
      {seats.map((seat) => {
        const look = seatLook(seat, chosen, activeGroups);
        const zone = zoneOf(seat, props.zones);
        const id = seat.seat_template_id;
        return (
          // biome-ignore lint/a11y/useSemanticElements: an SVG seat cannot be an HTML <button>.
          <g
            key={id}
            ref={(el) => {
              if (el) refs.current.set(id, el);
              else refs.current.delete(id);
            }}
            className={`seat seat--${look}${zone ? ` seat--zone-${zone.style}` : ""}`}
            role="button"
            tabIndex={id === rovingId ? 0 : -1}
            aria-label={props.seatLabel(seat, look)}
            aria-pressed={look === "selected"}
            aria-disabled={look === "soldOut" || look === "unavailable" ? true : undefined}
            data-seat={seat.name}
            onClick={() => {
              setFocusId(id);
              props.onToggle(id);
            }}
            onKeyDown={(event) => onKeyDown(event, seat)}
            onFocus={() => setFocusId(id)}
          >
            <circle className="seat__ring" cx={seat.x} cy={seat.y} r={seat.radius + 5} />
            <circle className="seat__dot" cx={seat.x} cy={seat.y} r={seat.radius} />
            {look === "soldOut" && (
              <path
                className="seat__cross"
                d={`M${seat.x - seat.radius / 2} ${seat.y - seat.radius / 2}l${seat.radius} ${seat.radius}m0 ${-seat.radius}l${-seat.radius} ${seat.radius}`}
              />
            )}
          </g>
        );
      })}
    </svg>
  );
}
