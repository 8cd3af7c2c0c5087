/**
 * Details of the chosen tickets: the group's survey (additional_info_spec), a voucher field per
 * ticket of a code-required group (spec 1 §5 "One coupon field per ticket for voucher groups"), and
 * the admit name and e-mail fields per ticket (group meta admit_names / admit_emails).
 */
import { useId } from "react";
import type { AdmitError } from "../../lib/domain/admit-fields.ts";
import { ADMIT_EMAIL_MAX, ADMIT_NAME_MAX } from "../../lib/domain/admit-fields.ts";
import { PROMO_CODE_MAX } from "../../lib/domain/promo-input.ts";
import type { TicketCodeError } from "../../lib/domain/reserve-request.ts";
import { surveyQuestions } from "../../lib/domain/survey.ts";
import { SurveyField } from "../ui/SurveyField.tsx";
import { useReserveEnv } from "./context.ts";
import type { ReserveGroup } from "./props.ts";
import type { SelectionApi } from "./useSelection.ts";

interface DetailsFieldsProps {
  groups: readonly ReserveGroup[];
  selection: SelectionApi;
  /** The survey's legend when the flow names it (a gift card asks who it is for). */
  surveyLegend?: string | undefined;
}

export function DetailsFields({ groups, selection, surveyLegend }: DetailsFieldsProps) {
  const { quantities } = selection.selection;
  const chosen = groups.filter((g) => g.types.some((t) => (quantities[t.id] ?? 0) > 0));
  if (chosen.length === 0) return null;
  return (
    <>
      {chosen.map((g) => (
        <GroupDetails key={g.id} group={g} selection={selection} surveyLegend={surveyLegend} />
      ))}
    </>
  );
}

function GroupDetails({
  group,
  selection,
  surveyLegend,
}: {
  group: ReserveGroup;
  selection: SelectionApi;
  surveyLegend: string | undefined;
}) {
  const { text } = useReserveEnv();
  const { questions } = surveyQuestions(group.additional_info_spec);
  const count = group.types.reduce((sum, t) => sum + (selection.selection.quantities[t.id] ?? 0), 0);
  const admit = group.admitNames !== "disabled" || group.admitEmails !== "disabled";
  // The type of each chosen ticket, in type order: a voucher field names the ticket it is for.
  const ticketTypes = group.types.flatMap((t) =>
    Array.from({ length: selection.selection.quantities[t.id] ?? 0 }, () => t.name),
  );
  const problems = selection.selection.problems;
  const surveyErrorText = (error: string | undefined) =>
    error === undefined
      ? undefined
      : error === "required"
        ? text("reserve.survey.required")
        : error === "notEmail"
          ? text("reserve.survey.email")
          : text("reserve.survey.invalid");
  return (
    <>
      {questions.length > 0 && (
        <fieldset className="reserve__section reserve-fieldset">
          <legend>{surveyLegend ?? text("reserve.survey.heading")}</legend>
          {questions.map((q) => (
            <SurveyField
              key={q.key}
              question={q}
              value={selection.selection.survey[group.id]?.[q.key] ?? ""}
              onChange={(v) => selection.setAnswer(group.id, q.key, v)}
              error={surveyErrorText(problems?.survey[group.id]?.[q.key])}
            />
          ))}
        </fieldset>
      )}
      {group.codePerTicket && (
        <fieldset className="reserve__section reserve-fieldset" data-testid="ticket-codes">
          <legend>{text("reserve.codes.heading", { group: group.name })}</legend>
          {ticketTypes.map((typeName, i) => (
            <TicketCodeField
              // biome-ignore lint/suspicious/noArrayIndexKey: one field per ticket position.
              key={i}
              index={i}
              typeName={typeName}
              group={group}
              selection={selection}
              error={problems?.codes?.[group.id]?.[i]}
            />
          ))}
        </fieldset>
      )}
      {admit && (
        <fieldset className="reserve__section reserve-fieldset">
          <legend>{text("reserve.admit.heading")}</legend>
          {Array.from({ length: count }, (_, i) => (
            <AdmitRow
              // biome-ignore lint/suspicious/noArrayIndexKey: one row per ticket position.
              key={i}
              index={i}
              group={group}
              selection={selection}
              errors={problems?.admit[group.id]?.[i] ?? []}
            />
          ))}
        </fieldset>
      )}
    </>
  );
}

const CODE_ERROR_KEY = {
  required: "reserve.codes.required",
  length: "reserve.codes.length",
  format: "reserve.codes.format",
} as const;

function TicketCodeField({
  index,
  typeName,
  group,
  selection,
  error,
}: {
  index: number;
  typeName: string;
  group: ReserveGroup;
  selection: SelectionApi;
  error: TicketCodeError | undefined;
}) {
  const { text } = useReserveEnv();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{text("reserve.codes.label", { n: index + 1, type: typeName })}</label>
      <input
        id={id}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
        maxLength={PROMO_CODE_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={selection.selection.codes[group.id]?.[index] ?? ""}
        onChange={(e) => selection.setCode(group.id, index, e.target.value)}
      />
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {text(CODE_ERROR_KEY[error])}
        </span>
      )}
    </div>
  );
}

const ADMIT_ERROR_KEY = {
  nameRequired: "reserve.admit.nameRequired",
  emailRequired: "reserve.admit.emailRequired",
  emailInvalid: "reserve.admit.emailInvalid",
} as const;

function AdmitRow({
  index,
  group,
  selection,
  errors,
}: {
  index: number;
  group: ReserveGroup;
  selection: SelectionApi;
  errors: AdmitError[];
}) {
  const { text } = useReserveEnv();
  const id = useId();
  const value = selection.selection.admit[group.id]?.[index] ?? { name: "", email: "" };
  const set = (patch: Partial<typeof value>) => selection.setAdmit(group.id, index, { ...value, ...patch });
  const nameError = errors.find((e) => e === "nameRequired");
  const emailError = errors.find((e) => e !== "nameRequired");
  return (
    <div className="admit-row">
      {group.admitNames !== "disabled" && (
        <div className="field">
          <label htmlFor={`${id}-name`}>{text("reserve.admit.name", { n: index + 1 })}</label>
          <input
            id={`${id}-name`}
            autoComplete="name"
            maxLength={ADMIT_NAME_MAX}
            required={group.admitNames === "required"}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
            value={value.name}
            onChange={(e) => set({ name: e.target.value })}
          />
          {nameError && (
            <span id={`${id}-name-error`} className="field-error" role="alert">
              {text(ADMIT_ERROR_KEY[nameError])}
            </span>
          )}
        </div>
      )}
      {group.admitEmails !== "disabled" && (
        <div className="field">
          <label htmlFor={`${id}-email`}>{text("reserve.admit.email", { n: index + 1 })}</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            maxLength={ADMIT_EMAIL_MAX}
            required={group.admitEmails === "required"}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
            value={value.email}
            onChange={(e) => set({ email: e.target.value })}
          />
          {emailError && (
            <span id={`${id}-email-error`} className="field-error" role="alert">
              {text(ADMIT_ERROR_KEY[emailError])}
            </span>
          )}
        </div>
      )}
    </div>
  );
}
