/** The reserve screen's choices: quantities, flexible amounts, survey answers and admit details. */
import { useCallback, useMemo, useState } from "react";
import type {
  AdmitValue,
  RequestGroup,
  ReserveChoices,
  ReserveProblems,
} from "../../lib/domain/reserve-request.ts";
import { surveyQuestions } from "../../lib/domain/survey.ts";
import type { ReserveGroup } from "./props.ts";

export interface Selection {
  quantities: Record<string, number>;
  amounts: Record<string, string>;
  survey: Record<string, Record<string, string>>;
  admit: Record<string, AdmitValue[]>;
  /** Vouchers of code-required groups, by group id, one per ticket in type order. */
  codes: Record<string, string[]>;
  problems: ReserveProblems | undefined;
}

const empty = (amounts: Record<string, string> = {}): Selection => ({
  quantities: {},
  amounts,
  survey: {},
  admit: {},
  codes: {},
  problems: undefined,
});

export function useSelection(initialAmounts: Record<string, string> = {}) {
  const [selection, setSelection] = useState<Selection>(() => empty(initialAmounts));
  const setQuantity = useCallback(
    (typeId: string, quantity: number) =>
      setSelection((s) => ({ ...s, quantities: { ...s.quantities, [typeId]: quantity } })),
    [],
  );
  const setQuantities = useCallback(
    (quantities: Record<string, number>) => setSelection((s) => ({ ...s, quantities })),
    [],
  );
  const setAmount = useCallback(
    (typeId: string, amount: string) =>
      setSelection((s) => ({ ...s, amounts: { ...s.amounts, [typeId]: amount } })),
    [],
  );
  const setAnswer = useCallback(
    (groupId: string, key: string, value: string) =>
      setSelection((s) => ({
        ...s,
        survey: { ...s.survey, [groupId]: { ...s.survey[groupId], [key]: value } },
      })),
    [],
  );
  const setAdmit = useCallback(
    (groupId: string, index: number, value: AdmitValue) =>
      setSelection((s) => {
        const list = [...(s.admit[groupId] ?? [])];
        list[index] = value;
        return { ...s, admit: { ...s.admit, [groupId]: list } };
      }),
    [],
  );
  const setCode = useCallback(
    (groupId: string, index: number, value: string) =>
      setSelection((s) => {
        const list = [...(s.codes[groupId] ?? [])];
        list[index] = value;
        return { ...s, codes: { ...s.codes, [groupId]: list } };
      }),
    [],
  );
  const setProblems = useCallback(
    (problems: ReserveProblems | undefined) => setSelection((s) => ({ ...s, problems })),
    [],
  );
  /** Resets quantities and details; typed amounts are kept. */
  const reset = useCallback(() => setSelection((s) => empty(s.amounts)), []);
  return {
    selection,
    setQuantity,
    setQuantities,
    setAmount,
    setAnswer,
    setAdmit,
    setCode,
    setProblems,
    reset,
  };
}

export type SelectionApi = ReturnType<typeof useSelection>;

/** The groups as the request builder needs them, priced on a session when a schedule is known. */
export function useRequestGroups(
  groups: readonly ReserveGroup[],
  prices: Readonly<Record<string, number>>,
  currency: string,
) {
  return useMemo(
    (): RequestGroup[] =>
      groups.map((g) => ({
        id: g.id,
        admitNames: g.admitNames,
        admitEmails: g.admitEmails,
        questions: surveyQuestions(g.additional_info_spec).questions,
        codePerTicket: g.codePerTicket,
        types: g.types.map((t) => ({
          id: t.id,
          name: t.name,
          flexible: t.flexible,
          min: t.min,
          max: t.max,
          amount: prices[t.id] ?? t.amount,
          fees: t.fees,
          currency,
        })),
      })),
    [groups, prices, currency],
  );
}

export const choicesOf = (selection: Selection, sessionId: string | undefined): ReserveChoices => ({
  quantities: selection.quantities,
  amounts: selection.amounts,
  survey: selection.survey,
  admit: selection.admit,
  codes: selection.codes,
  sessionId,
});
