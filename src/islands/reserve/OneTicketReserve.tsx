/**
 * One-ticket-only reserve (donation, gift card; spec §2): preset amounts (the fixed-price types)
 * and a flexible amount; the `price` query value presets the flexible amount. One ticket is added.
 */
import { useId, useMemo, useState } from "react";
import { checkFlexibleAmount, presetAmount } from "../../lib/domain/flexible-price.ts";
import { oneTicketOptionLabel } from "../../lib/domain/one-ticket-label.ts";
import { buildReserveRequest, selectionBreakdown } from "../../lib/domain/reserve-request.ts";
import { ChoiceInput } from "../ui/ChoiceInput.tsx";
import { useReserveEnv } from "./context.ts";
import { DetailsFields } from "./DetailsFields.tsx";
import { FlexibleAmount } from "./FlexibleAmount.tsx";
import { ReserveFooter } from "./ReserveFooter.tsx";
import { useReserveSubmit } from "./useReserveSubmit.ts";
import { choicesOf, useRequestGroups, useSelection } from "./useSelection.ts";

export function OneTicketReserve() {
  const { props, text, money } = useReserveEnv();
  const types = useMemo(() => props.groups.flatMap((g) => g.types), [props.groups]);
  const found = types.find((t) => t.flexible);
  // A typed amount is read in the seller's currency ("2.5" KWD is 2500 fils).
  const flexible = found && { ...found, currency: props.currency };
  const preset = flexible ? presetAmount(props.price, flexible) : "";
  const initial =
    props.select && types.some((t) => t.id === props.select)
      ? props.select
      : preset
        ? flexible?.id
        : undefined;
  const [chosen, setChosen] = useState<string | undefined>(initial ?? types[0]?.id);
  const selection = useSelection(flexible && preset ? { [flexible.id]: preset } : {});
  const requestGroups = useRequestGroups(props.groups, {}, props.currency);
  const name = useId();
  const quantities = chosen ? { [chosen]: 1 } : {};
  const choices = { ...choicesOf(selection.selection, undefined), quantities };
  // After an add the form starts over (the option, the recipient and message): a second click asks
  // again rather than silently adding a second gift card for the same recipient.
  const submitter = useReserveSubmit({
    onAdded: () => {
      selection.reset();
      setChosen(initial ?? types[0]?.id);
    },
  });
  // An amount off the bounds disables 'Add to cart'; the field says why.
  const typed = flexible ? (selection.selection.amounts[flexible.id] ?? "") : "";
  const amountRefused =
    !!flexible && chosen === flexible.id && typed.trim() !== "" && !checkFlexibleAmount(typed, flexible).ok;

  const price = selectionBreakdown(requestGroups, { quantities, amounts: selection.selection.amounts });
  const submit = () => {
    const request = buildReserveRequest(requestGroups, choices);
    if (!request.ok) {
      selection.setProblems(request.problems);
      return;
    }
    selection.setProblems(undefined);
    void submitter.submit({ add: request.add, additionalInfo: request.additionalInfo });
  };

  return (
    <div className="reserve-flow">
      {types.length > 1 && (
        <fieldset className="reserve__section one-ticket">
          <legend>{text("reserve.oneTicket.legend")}</legend>
          {types.map((t) => (
            <label key={t.id} className="one-ticket__option">
              <ChoiceInput
                type="radio"
                name={name}
                checked={chosen === t.id}
                onChange={() => setChosen(t.id)}
              />
              <span>
                {t.flexible
                  ? text("reserve.oneTicket.other")
                  : oneTicketOptionLabel(t.name, t.amount, money, props.currency)}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {flexible && chosen === flexible.id && (
        <FlexibleAmount
          type={flexible}
          value={selection.selection.amounts[flexible.id] ?? ""}
          onChange={(v) => selection.setAmount(flexible.id, v)}
          problem={selection.selection.problems?.amounts[flexible.id]}
          {...(types.length > 1 ? { label: text("reserve.oneTicket.other") } : {})}
        />
      )}
      {/* A gift card asks for its recipient (the ledger group's survey). */}
      <DetailsFields
        groups={props.groups}
        selection={{ ...selection, selection: { ...selection.selection, quantities } }}
        surveyLegend={
          props.groups.some((g) => g.handler === "ledger") ? text("reserve.giftCard.recipient") : undefined
        }
      />
      <ReserveFooter
        total={price.total}
        fees={price.fees}
        ticketCount={chosen ? 1 : 0}
        canSubmit={!!chosen && !amountRefused}
        onSubmit={submit}
        submitter={submitter}
      />
    </div>
  );
}
