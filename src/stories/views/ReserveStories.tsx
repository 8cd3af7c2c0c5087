/** The reserve island's parts: the calendar, the session tabs, the ticket steppers and the seat map. */
import { useEffect, useMemo, useState } from "react";
import { CalendarPicker } from "../../islands/reserve/CalendarPicker.tsx";
import { ReserveContext } from "../../islands/reserve/context.ts";
import { sessionView } from "../../islands/reserve/day-view.ts";
import { SessionPicker } from "../../islands/reserve/SessionPicker.tsx";
import { SeatSelector } from "../../islands/reserve/seats/SeatSelector.tsx";
import { TicketGroups } from "../../islands/reserve/TicketGroups.tsx";
import { useSelection } from "../../islands/reserve/useSelection.ts";
import { Stepper } from "../../islands/ui/Stepper.tsx";
import type { ChosenSeats } from "../../lib/domain/seat-selection.ts";
import type { StoryData } from "../fixtures/index.ts";
import { STORY_DAY } from "../fixtures/reserve.ts";
import { Frame } from "./Frame.tsx";
import { storyReserveEnv } from "./reserve-env.ts";

function useEnv(data: StoryData, groups = data.reserve.groups) {
  return useMemo(() => storyReserveEnv({ ...data.reserve, groups }), [data.reserve, groups]);
}

export function CalendarStory({ data }: { data: StoryData }) {
  const env = useEnv(data);
  const [selected, setSelected] = useState<string | undefined>(STORY_DAY);
  return (
    <ReserveContext.Provider value={env}>
      <Frame title="Calendar: available, few left, sold out, not released, selected" wide>
        <CalendarPicker
          days={data.calendar}
          selected={selected}
          onSelect={setSelected}
          flexiblePrices={false}
        />
      </Frame>
    </ReserveContext.Provider>
  );
}

export function SessionTabsStory({ data }: { data: StoryData }) {
  const env = useEnv(data);
  const views = useMemo(
    () => data.sessions.map((s) => sessionView(s, data.timezone, data.locale)),
    [data.sessions, data.timezone, data.locale],
  );
  // A morning and a sold-out evening: the afternoon tab is 'Not available', the evening 'Sold out'.
  const sparse = [views[0], views[5]].flatMap((v) => (v ? [v] : []));
  const [selected, setSelected] = useState<string | undefined>(views[1]?.id);
  const [other, setOther] = useState<string | undefined>(sparse[0]?.id);
  const prices = Object.fromEntries(views.map((v) => [v.id, data.reserve.groups[0]?.types[0]?.amount ?? 0]));
  return (
    <ReserveContext.Provider value={env}>
      <Frame title="Three tabs, the evening sold out; a session with few left selected">
        <SessionPicker
          sessions={views}
          conflicting={[]}
          selected={selected}
          onSelect={setSelected}
          prices={prices}
          flexiblePrices={false}
        />
      </Frame>
      <Frame title="No afternoon sessions (not available), the evening sold out; one session hidden by the cart">
        <SessionPicker
          sessions={sparse}
          conflicting={views.slice(3, 4)}
          selected={other}
          onSelect={setOther}
          prices={prices}
          flexiblePrices={false}
        />
      </Frame>
    </ReserveContext.Provider>
  );
}

export function SteppersStory({ data }: { data: StoryData }) {
  const env = useEnv(data);
  const selection = useSelection();
  const [first, second] = data.reserve.groups[0]?.types ?? [];
  const { setQuantities } = selection;
  // The group's maximum (6) reached: every increase is disabled; the sold-out group below.
  useEffect(() => {
    if (first && second) setQuantities({ [first.id]: 4, [second.id]: 2 });
  }, [first, second, setQuantities]);
  const labels = (name: string) => ({
    increase: env.text("reserve.stepper.increase", { name }),
    decrease: env.text("reserve.stepper.decrease", { name }),
    quantity: env.text("reserve.stepper.quantity", { name }),
  });
  const noop = () => undefined;
  return (
    <ReserveContext.Provider value={env}>
      <Frame title="Ticket groups at the order maximum, and a sold-out group">
        <TicketGroups groups={data.reserve.groups} prices={{}} sessionAvailable={40} selection={selection} />
      </Frame>
      <Frame title="Steppers: at zero, in between, at the maximum, disabled">
        <ul className="story-row">
          {[
            ["At zero", 0, true, false],
            ["In between", 3, true, false],
            ["At the maximum", 10, false, false],
            ["Disabled", 2, true, true],
          ].map(([name, quantity, canIncrease, disabled]) => (
            <li key={String(name)} className="story-row__item">
              <span>{String(name)}</span>
              <Stepper
                name={String(name)}
                quantity={Number(quantity)}
                canIncrease={Boolean(canIncrease)}
                disabled={Boolean(disabled)}
                onIncrease={noop}
                onDecrease={noop}
                labels={labels(String(name))}
              />
            </li>
          ))}
        </ul>
      </Frame>
    </ReserveContext.Provider>
  );
}

export function SeatMapStory({ data }: { data: StoryData }) {
  const env = useEnv(data, data.seats.groups);
  const [stalls, circle] = data.seats.groups;
  const demand = [
    { id: stalls?.id ?? "", name: stalls?.name ?? "", quantity: 2 },
    { id: circle?.id ?? "", name: circle?.name ?? "", quantity: 1 },
  ];
  const [draft, setDraft] = useState<ChosenSeats>({ [demand[0]?.id ?? ""]: ["seat-A4", "seat-A5"] });
  const map = useMemo(
    () => ({
      status: "ready" as const,
      data: {
        size: data.seats.size,
        elements: [{ type: "rect" as const, x: 120, y: 16, width: 320, height: 40, label: "Stage" }],
        seats: data.seats.seats,
      },
    }),
    [data.seats],
  );
  const noop = () => undefined;
  return (
    <ReserveContext.Provider value={env}>
      <SeatSelector
        state="open"
        demand={demand}
        map={map}
        draft={draft}
        onDraft={setDraft}
        total={2 * (stalls?.types[0]?.amount ?? 0) + (circle?.types[0]?.amount ?? 0)}
        onBack={noop}
        onConfirm={noop}
        onChangeTickets={noop}
      />
    </ReserveContext.Provider>
  );
}
