/**
 * Edit order, the seats of the tickets an edit adds to a seated session: the event page's seat
 * selection (reserve/seats/SeatSelection, loaded lazily) under the session's steppers. An added
 * ticket's seat is first picked by the server beside the party's seats (domain/seat-pick.ts); here
 * the shopper may choose others. A complete new choice changes only the seats given up
 * (domain/manage/reschedule-adds.ts reseatChange). No business rules here.
 */
import { lazy, Suspense, useMemo } from "react";
import { type HeldSeat, reseatChange } from "../../lib/domain/manage/reschedule-adds.ts";
import type { ChosenSeats, SeatDemand } from "../../lib/domain/seat-selection.ts";
import { ReserveContext } from "../reserve/context.ts";
import type { ReserveIslandProps } from "../reserve/props.ts";
import { useBrowserReserveEnv } from "../reserve/useBrowserReserveEnv.ts";

const SeatSelection = lazy(() => import("../reserve/seats/SeatSelection.tsx"));

export interface EditSeatsProps {
  seller: string;
  reserve: ReserveIslandProps;
  sessionId: string;
  /** The edit cart's held tickets in this session's seated groups, by group id. */
  held: Readonly<Record<string, readonly HeldSeat[]>>;
  /** Bumped after each change: the map is read again, fresh. */
  version: number;
  loading: string;
  onReseat: (change: {
    remove: string[];
    add: { ticket_type_id: string; seat_template_id: string }[];
  }) => void;
}

export function EditSeats(props: EditSeatsProps) {
  const env = useBrowserReserveEnv(props.reserve, props.seller);
  const demand = useMemo(
    (): SeatDemand[] =>
      props.reserve.groups
        .filter((g) => g.handler === "seated" && (props.held[g.id]?.length ?? 0) > 0)
        .map((g) => ({ id: g.id, name: g.name, quantity: props.held[g.id]?.length ?? 0 })),
    [props.reserve.groups, props.held],
  );
  const chosen = useMemo(
    (): ChosenSeats =>
      Object.fromEntries(demand.map((g) => [g.id, (props.held[g.id] ?? []).map((h) => h.seatId)])),
    [demand, props.held],
  );
  if (!demand.length) return null;
  const change = (next: ChosenSeats) => {
    for (const group of demand) {
      const reseat = reseatChange(props.held[group.id] ?? [], next[group.id] ?? []);
      if (reseat) {
        props.onReseat(reseat);
        return;
      }
    }
  };
  return (
    <ReserveContext.Provider value={env}>
      <Suspense fallback={<p role="status">{props.loading}</p>}>
        <SeatSelection
          sessionId={props.sessionId}
          demand={demand}
          chosen={chosen}
          onChange={change}
          reloadKey={props.version}
          total={0}
        />
      </Suspense>
    </ReserveContext.Provider>
  );
}
