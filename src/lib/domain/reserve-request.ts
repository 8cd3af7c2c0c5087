/**
 * Turns the reserve screen's choices into the cart's add payload (spec §3 "Cart modify payload",
 * "Reserve ticket payload"), checking them first: flexible amounts (§5), survey answers (§5
 * "Survey") and admit names and e-mails (§5 "Full name"). A ticket with admit details or a chosen
 * seat (seated groups, seat_template_id) or its own voucher (code-required groups, spec 1 §5 "One
 * coupon field per ticket for voucher groups") is sent as its own line of quantity 1; other tickets
 * as one line per type. Also the selection's total.
 */
import { type AdmitError, type AdmitMode, checkAdmit, splitFullName } from "./admit-fields.ts";
import { type CitypassConfig, matchesCitypass } from "./citypass.ts";
import { checkFlexibleAmount } from "./flexible-price.ts";
import { addOutsideFees, roundToChargeStep, toMoneyString } from "./money.ts";
import type { OutsideFees } from "./price-display.ts";
import { PROMO_CODE_MAX, PROMO_CODE_MIN } from "./promo-input.ts";
import { type SurveyAnswerError, type SurveyQuestion, surveyAnswers } from "./survey.ts";

export interface RequestType {
  id: string;
  /** The type's name: a CityPASS code's pattern (adult or child) follows it. */
  name?: string;
  flexible: boolean;
  min: number | undefined;
  max: number | undefined;
  /** The price on the chosen session (price schedule) or the type's amount, minor units. */
  amount: number;
  fees: OutsideFees;
  /** The seller's currency: a typed flexible amount is read in it ("2.5" KWD is 2500). Two decimals when absent. */
  currency?: string;
}

export interface RequestGroup {
  id: string;
  types: RequestType[];
  admitNames: AdmitMode;
  admitEmails: AdmitMode;
  questions: SurveyQuestion[];
  /** A code-required group (handler codes): one voucher per ticket, CityPASS-checked when configured. */
  codePerTicket?: CodePerTicket | null;
}

export interface CodePerTicket {
  citypass: CitypassConfig | null;
}

/** Why a ticket's voucher field is refused before it is sent. */
export type TicketCodeError = "required" | "length" | "format";

export interface AdmitValue {
  name: string;
  email: string;
}

export interface ReserveChoices {
  quantities: Readonly<Record<string, number>>;
  /** Flexible amounts as typed, by ticket type id. */
  amounts: Readonly<Record<string, string>>;
  /** Survey answers as typed, by group id then question key. */
  survey: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Admit details by group id, one entry per ticket in type order. */
  admit: Readonly<Record<string, readonly AdmitValue[]>>;
  sessionId: string | undefined;
  /** Chosen seat_template_ids by seated group id, one per ticket in type order. */
  seats?: Readonly<Record<string, readonly string[]>>;
  /** Vouchers as typed by code-required group id, one per ticket in type order. */
  codes?: Readonly<Record<string, readonly string[]>>;
}

export interface AddLine {
  ticket_type_id: string;
  event_session_id?: string;
  quantity: number;
  face_value?: string;
  admit_name?: string;
  admit_email?: string;
  seat_template_id?: string;
  code?: string;
}

export interface ReserveProblems {
  amounts: Record<string, "required" | "outside">;
  survey: Record<string, Record<string, SurveyAnswerError>>;
  admit: Record<string, Record<number, AdmitError[]>>;
  codes?: Record<string, Record<number, TicketCodeError>>;
}

/** A ticket's voucher as sent (trimmed, upper case) or why it is refused. */
export function checkTicketCode(
  typed: string,
  rule: CodePerTicket,
  typeName: string,
): { ok: true; code: string } | { ok: false; error: TicketCodeError } {
  const code = typed.trim().toUpperCase();
  if (code === "") return { ok: false, error: "required" };
  if (code.length < PROMO_CODE_MIN || code.length > PROMO_CODE_MAX) return { ok: false, error: "length" };
  if (rule.citypass && !matchesCitypass(code, rule.citypass, typeName)) return { ok: false, error: "format" };
  return { ok: true, code };
}

export type ReserveRequest =
  | { ok: true; add: AddLine[]; additionalInfo: Record<string, Record<string, string | number>> }
  | { ok: false; problems: ReserveProblems };

const admitApplies = (g: RequestGroup) => g.admitNames !== "disabled" || g.admitEmails !== "disabled";

/** The chosen quantity of a group. */
export function groupQuantity(
  group: { types: readonly { id: string }[] },
  quantities: Readonly<Record<string, number>>,
) {
  return group.types.reduce((sum, t) => sum + (quantities[t.id] ?? 0), 0);
}

export function buildReserveRequest(
  groups: readonly RequestGroup[],
  choices: ReserveChoices,
): ReserveRequest {
  const problems: ReserveProblems = { amounts: {}, survey: {}, admit: {} };
  const add: AddLine[] = [];
  const additionalInfo: Record<string, Record<string, string | number>> = {};
  let failed = false;
  for (const group of groups) {
    if (groupQuantity(group, choices.quantities) === 0) continue;
    const survey = surveyAnswers(group.questions, choices.survey[group.id] ?? {});
    if (Object.keys(survey.errors).length > 0) {
      problems.survey[group.id] = survey.errors;
      failed = true;
    }
    if (Object.keys(survey.answers).length > 0) additionalInfo[group.id] = survey.answers;
    let ticketIndex = 0;
    const seats = choices.seats?.[group.id] ?? [];
    const perTicket = admitApplies(group) || seats.length > 0 || Boolean(group.codePerTicket);
    for (const type of group.types) {
      const quantity = choices.quantities[type.id] ?? 0;
      if (quantity === 0) continue;
      const base: AddLine = { ticket_type_id: type.id, quantity };
      if (choices.sessionId) base.event_session_id = choices.sessionId;
      if (type.flexible) {
        const check = checkFlexibleAmount(choices.amounts[type.id] ?? "", type);
        if (!check.ok) {
          problems.amounts[type.id] = check.error;
          failed = true;
        } else base.face_value = toMoneyString(check.amount, type.currency);
      }
      if (!perTicket) {
        add.push(base);
        ticketIndex += quantity;
        continue;
      }
      for (let i = 0; i < quantity; i++, ticketIndex++) {
        const line: AddLine = { ...base, quantity: 1 };
        const seat = seats[ticketIndex];
        if (seat) line.seat_template_id = seat;
        if (group.codePerTicket) {
          const check = checkTicketCode(
            choices.codes?.[group.id]?.[ticketIndex] ?? "",
            group.codePerTicket,
            type.name ?? "",
          );
          if (check.ok) line.code = check.code;
          else {
            problems.codes = {
              ...problems.codes,
              [group.id]: { ...problems.codes?.[group.id], [ticketIndex]: check.error },
            };
            failed = true;
          }
        }
        if (!admitApplies(group)) {
          add.push(line);
          continue;
        }
        const value = choices.admit[group.id]?.[ticketIndex] ?? { name: "", email: "" };
        const errors = checkAdmit(value, { names: group.admitNames, emails: group.admitEmails });
        if (errors.length > 0) {
          problems.admit[group.id] = { ...problems.admit[group.id], [ticketIndex]: errors };
          failed = true;
        }
        const name = group.admitNames !== "disabled" ? splitFullName(value.name) : undefined;
        if (name) line.admit_name = name.first === name.last ? name.last : `${name.first} ${name.last}`;
        const email = value.email.trim();
        if (group.admitEmails !== "disabled" && email !== "") line.admit_email = email;
        add.push(line);
      }
    }
  }
  return failed ? { ok: false, problems } : { ok: true, add, additionalInfo };
}

/** What the chosen tickets cost: face value, outside fees and their sum, minor units. */
export interface SelectionBreakdown {
  subtotal: number;
  /** Spec §9 "fee total is the sum of ticket fees": each ticket's fee rounded once. */
  fees: number;
  total: number;
}

/** The chosen tickets' face value and outside fees (flexible: the typed amount). */
export function selectionBreakdown(
  groups: readonly RequestGroup[],
  choices: Pick<ReserveChoices, "quantities" | "amounts">,
): SelectionBreakdown {
  let subtotal = 0;
  let fees = 0;
  let currency: string | undefined;
  for (const group of groups) {
    for (const type of group.types) {
      const quantity = choices.quantities[type.id] ?? 0;
      if (quantity === 0) continue;
      let amount = type.amount;
      if (type.flexible) {
        const check = checkFlexibleAmount(choices.amounts[type.id] ?? "", type);
        amount = check.ok ? check.amount : 0;
      }
      subtotal += amount * quantity;
      fees += (addOutsideFees(amount, type.fees) - amount) * quantity;
      currency ??= type.currency;
    }
  }
  // The cart rounds a three-decimal total to ten fils into its fees (cart-totals.ts); so does this.
  const total = roundToChargeStep(subtotal + fees, currency);
  return { subtotal, fees: total - subtotal, total };
}

/** What the chosen tickets cost with their outside fees, minor units (flexible: the typed amount). */
export function selectionTotal(
  groups: readonly RequestGroup[],
  choices: Pick<ReserveChoices, "quantities" | "amounts">,
): number {
  return selectionBreakdown(groups, choices).total;
}
