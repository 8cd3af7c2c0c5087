/**
 * The seat-map selector (spec §2 "Seat selection", §9): a dialog titled 'Select your seats' (full
 * screen on mobile) with an info message, 'Change Tickets', group filters (All plus one per ordered
 * group, when more than one is ordered), 'Find Seats' (until every ticket has a seat), zoom in and
 * out, the legend with the price zones, the map, and a footer with the total and 'Confirm
 * Selection' (disabled until the seats are complete). Changes are a draft until confirmed.
 * The footer no longer holds 'Cart' and 'Find Seats' inside the map's dialog (the cart
 * would open over it); 'Find Seats' moved up beside the zoom.
 */
import { useMemo, useState } from "react";
import type { Seat } from "../../../lib/api/schemas.ts";
import { priceZones } from "../../../lib/domain/seat-map-layout.ts";
import {
  type ChosenSeats,
  findSeats,
  indexSeats,
  initialViewport,
  type SeatDemand,
  seatsComplete,
  toggleSeat,
  ZOOM_MAX,
  ZOOM_MIN,
  zoomIn,
  zoomOut,
  zoomTo,
} from "../../../lib/domain/seat-selection.ts";
import { Dialog } from "../../ui/Dialog.tsx";
import { useReserveEnv } from "../context.ts";
import { type SeatLook, SeatMap } from "./SeatMap.tsx";
import { SeatPriceLegend } from "./SeatPriceLegend.tsx";
import type { SeatMapState } from "./useSeatMap.ts";

export type SelectorState = "closed" | "rendering" | "open";

interface SeatSelectorProps {
  state: SelectorState;
  demand: readonly SeatDemand[];
  map: SeatMapState;
  draft: ChosenSeats;
  onDraft: (next: ChosenSeats) => void;
  total: number;
  onBack: () => void;
  onConfirm: () => void;
  onChangeTickets: () => void;
}

const LEGEND: ReadonlyArray<[SeatLook, "available" | "soldOut" | "unavailable" | "selectedState"]> = [
  ["available", "available"],
  ["soldOut", "soldOut"],
  ["unavailable", "unavailable"],
  ["selected", "selectedState"],
];

export function SeatSelector(props: SeatSelectorProps) {
  const { props: island, text, money } = useReserveEnv();
  const { demand, map, draft } = props;
  const [filter, setFilter] = useState<string>();
  const [view, setView] = useState(initialViewport);
  const seats = map.status === "ready" ? map.data.seats : [];
  const index = useMemo(() => indexSeats(seats), [seats]);
  const groupNames = useMemo(() => new Map(island.groups.map((g) => [g.id, g.name])), [island.groups]);
  const zones = useMemo(
    () =>
      priceZones(
        seats,
        island.groups.map((g) => ({ id: g.id, name: g.name, amounts: g.types.map((type) => type.amount) })),
      ),
    [seats, island.groups],
  );
  const activeFilter = filter && demand.some((g) => g.id === filter) ? filter : undefined;
  const activeGroups = useMemo(
    () => new Set(demand.filter((g) => !activeFilter || g.id === activeFilter).map((g) => g.id)),
    [demand, activeFilter],
  );
  const complete = seatsComplete(demand, draft);

  const lookText = (look: SeatLook) => text(`reserve.seats.${look === "selected" ? "selectedState" : look}`);
  const seatLabel = (seat: Seat, look: SeatLook) =>
    text("reserve.seats.seat", {
      name: seat.name,
      group: seat.ticket_group_ids.map((g) => groupNames.get(g) ?? g).join(", "),
      state: lookText(look),
    });
  const zoom = (next: number) => {
    if (map.status === "ready") setView(zoomTo(map.data.size, view, next));
  };

  const footer = (
    <div className="seat-footer">
      <p className="seat-footer__total">
        <span>{text("reserve.total")}</span> <strong>{money(props.total)}</strong>
      </p>
      <button type="button" className="button" disabled={!complete} onClick={props.onConfirm}>
        {text("reserve.seats.confirm")}
      </button>
    </div>
  );

  return (
    <Dialog
      open={props.state === "open"}
      title={text("reserve.seats.title")}
      closeLabel={text("dialog.close")}
      onClose={props.onBack}
      fullScreenOnMobile
      actions={footer}
      testId="seat-selector"
    >
      <div className="seat-selector">
        <p className="notice notice--info seat-selector__info">
          {text("reserve.seats.info")}{" "}
          {/* A touch screen has no arrow keys: each device is told how it moves around the map. */}
          <span className="seat-selector__hint seat-selector__hint--keys">{text("reserve.seats.keys")}</span>
          <span className="seat-selector__hint seat-selector__hint--touch">
            {text("reserve.seats.touch")}
          </span>
        </p>
        <div className="seat-selector__bar">
          <button type="button" className="button button--secondary" onClick={props.onChangeTickets}>
            {text("reserve.seats.changeTickets")}
          </button>
          {demand.length > 1 && (
            <fieldset className="seat-selector__filters">
              <legend className="visually-hidden">{text("reserve.seats.filter")}</legend>
              {[undefined, ...demand.map((g) => g.id)].map((id) => (
                <button
                  key={id ?? "all"}
                  type="button"
                  className="button button--secondary"
                  aria-pressed={activeFilter === id}
                  onClick={() => setFilter(id)}
                >
                  {id ? (groupNames.get(id) ?? id) : text("reserve.seats.all")}
                </button>
              ))}
            </fieldset>
          )}
          <div className="seat-selector__zoom">
            {!complete && map.status === "ready" && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => props.onDraft(findSeats(seats, draft, demand))}
              >
                {text("reserve.seats.find")}
              </button>
            )}
            <button
              type="button"
              className="button button--secondary"
              aria-label={text("reserve.seats.zoomOut")}
              disabled={view.zoom <= ZOOM_MIN}
              onClick={() => zoom(zoomOut(view.zoom))}
            >
              −
            </button>
            <button
              type="button"
              className="button button--secondary"
              aria-label={text("reserve.seats.zoomIn")}
              disabled={view.zoom >= ZOOM_MAX}
              onClick={() => zoom(zoomIn(view.zoom))}
            >
              +
            </button>
          </div>
        </div>
        <ul className="seat-legend" aria-label={text("reserve.seats.legend")}>
          {LEGEND.map(([look, key]) => (
            <li key={look} className={`seat-legend__item seat--${look}`}>
              <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
                <circle className="seat__dot" cx="10" cy="10" r="7" />
              </svg>
              {text(`reserve.seats.${key}`)}
            </li>
          ))}
        </ul>
        <SeatPriceLegend zones={zones} />
        <p className="seat-selector__progress" role="status">
          {demand
            .map((g) =>
              text("reserve.seats.progress", {
                group: g.name,
                count: draft[g.id]?.length ?? 0,
                quantity: g.quantity,
              }),
            )
            .join(" · ")}
        </p>
        {map.status === "loading" && <p role="status">{text("reserve.seats.loading")}</p>}
        {map.status === "failed" && (
          <p className="notice notice--error" role="alert">
            {text("reserve.seats.loadFailed")}
          </p>
        )}
        {map.status === "ready" && props.state !== "closed" && (
          <SeatMap
            size={map.data.size}
            elements={map.data.elements}
            seats={seats}
            chosen={draft}
            activeGroups={activeGroups}
            view={view}
            onView={setView}
            onToggle={(id) => props.onDraft(toggleSeat(index, draft, id, demand, activeFilter))}
            label={text("reserve.seats.map")}
            seatLabel={seatLabel}
            zones={zones}
          />
        )}
      </div>
    </Dialog>
  );
}
