/** The ticket groups of the chosen session: types with prices and steppers (spec §5 quantity limits). */
import { messagesFor, type SelectionLine } from "../../lib/domain/message-rules.ts";
import { displayedPrice } from "../../lib/domain/price-display.ts";
import {
  canIncrease,
  decrement,
  groupLimit,
  increment,
  stepperMinimum,
  typeLimit,
} from "../../lib/domain/quantity-limits.ts";
import { groupQuantity } from "../../lib/domain/reserve-request.ts";
import { Stepper } from "../ui/Stepper.tsx";
import { useReserveEnv } from "./context.ts";
import { FlexibleAmount } from "./FlexibleAmount.tsx";
import type { ReserveGroup, ReserveType } from "./props.ts";
import type { SelectionApi } from "./useSelection.ts";

interface TicketGroupsProps {
  groups: readonly ReserveGroup[];
  /** Session prices by type id (price schedule); the type's own amount otherwise. */
  prices: Readonly<Record<string, number>>;
  /** The session's available capacity, -1 unlimited. */
  sessionAvailable: number;
  selection: SelectionApi;
  disabled?: boolean;
}

export function selectionLines(
  groups: readonly ReserveGroup[],
  quantities: Record<string, number>,
): SelectionLine[] {
  return groups.flatMap((g) =>
    g.types.map((t) => ({
      ticketTypeId: t.id,
      ticketTypeName: t.name,
      ticketGroupId: g.id,
      ticketGroupName: g.name,
      quantity: quantities[t.id] ?? 0,
    })),
  );
}

export function TicketGroups({ groups, prices, sessionAvailable, selection, disabled }: TicketGroupsProps) {
  const { props, text, money } = useReserveEnv();
  const { quantities } = selection.selection;
  const messages = messagesFor(props.messageRules, "quantity_message", {
    selection: selectionLines(groups, quantities),
  });
  const priceText = (type: ReserveType) => {
    const amount = prices[type.id] ?? type.amount;
    if (amount === 0) return text("price.free");
    return money(displayedPrice(amount, type.fees, props.includeFees));
  };
  return (
    <section className="reserve__section" aria-labelledby="reserve-tickets-heading">
      <h3 id="reserve-tickets-heading">{text("reserve.tickets.heading")}</h3>
      {groups.map((group) => {
        const total = groupQuantity(group, quantities);
        const groupMax = groupLimit(group, sessionAvailable);
        const minimum = stepperMinimum(group.min_tickets_per_order, group.types.length);
        return (
          <div className="reserve-group" key={group.id}>
            {groups.length > 1 && <h4 className="reserve-group__name">{group.name}</h4>}
            {group.description && <p className="muted">{group.description}</p>}
            <ul className="reserve-types">
              {group.types.map((type) => {
                const quantity = quantities[type.id] ?? 0;
                const state = {
                  quantity,
                  groupTotal: total,
                  typeMax: typeLimit({ memberRemaining: type.memberRemaining }),
                  groupMax,
                  minimum,
                };
                const labels = {
                  increase: text("reserve.stepper.increase", { name: type.name }),
                  decrease: text("reserve.stepper.decrease", { name: type.name }),
                  quantity: text("reserve.stepper.quantity", { name: type.name }),
                };
                return (
                  <li className="reserve-type" key={type.id}>
                    <div className="reserve-type__info">
                      <span className="reserve-type__name">{type.name}</span>
                      {type.summary && <span className="muted reserve-type__summary">{type.summary}</span>}
                    </div>
                    {type.flexible ? (
                      <FlexibleAmount
                        type={type}
                        value={selection.selection.amounts[type.id] ?? ""}
                        onChange={(v) => selection.setAmount(type.id, v)}
                        problem={selection.selection.problems?.amounts[type.id]}
                      />
                    ) : (
                      <span className="reserve-type__price">{priceText(type)}</span>
                    )}
                    <Stepper
                      name={type.name}
                      quantity={quantity}
                      canIncrease={canIncrease(state)}
                      onIncrease={() => selection.setQuantity(type.id, increment(state))}
                      onDecrease={() => selection.setQuantity(type.id, decrement(state))}
                      labels={labels}
                      disabled={disabled || group.sold_out}
                    />
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
      {messages.map((m) => (
        <p className="notice notice--info reserve__message" key={m}>
          {m}
        </p>
      ))}
    </section>
  );
}
