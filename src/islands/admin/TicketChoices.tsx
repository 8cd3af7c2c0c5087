/**
 * The order's tickets as checkboxes, in a fieldset with its legend: the refund, cancel and
 * reschedule forms each choose some with it. Reads the box's state at the event, before the state
 * updater runs (the event's target is gone by then).
 */
import { ChoiceInput } from "../ui/ChoiceInput.tsx";

export interface TicketChoice {
  id: string;
  label: string;
}

export function TicketChoices(props: {
  legend: string;
  name: string;
  tickets: readonly TicketChoice[];
  chosen: readonly string[];
  onChange: (update: (chosen: string[]) => string[]) => void;
}) {
  return (
    <fieldset className="admin-roles">
      <legend>{props.legend}</legend>
      {props.tickets.length === 0 && <p>No booked ticket is left.</p>}
      {props.tickets.map((t) => (
        <label key={t.id}>
          <ChoiceInput
            type="checkbox"
            name={props.name}
            value={t.id}
            checked={props.chosen.includes(t.id)}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              props.onChange((c) =>
                on ? [...c.filter((x) => x !== t.id), t.id] : c.filter((x) => x !== t.id),
              );
            }}
          />{" "}
          {t.label}
        </label>
      ))}
    </fieldset>
  );
}

export const ticketCount = (n: number) => `${n} ${n === 1 ? "ticket" : "tickets"}`;
