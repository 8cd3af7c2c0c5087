/**
 * The waiting list islands' props: the join form (a sold-out session of a date, tickets per type,
 * an e-mail or a member's one click), the leave button and the offer's decline button.
 */
import type { waitingListStrings } from "../../lib/tenant/strings-waiting-list.ts";

/** The waiting list's own texts, and the place in line said with an ordinal (strings-texts.ts). */
export type WaitingListStrings = Record<
  keyof typeof waitingListStrings | "waitingList.position.ordinal",
  string
>;

export interface JoinSession {
  id: string;
  /** The start time in the venue's zone, as the page shows it. */
  label: string;
  soldOut: boolean;
}

export interface JoinType {
  id: string;
  name: string;
}

export interface WaitingListJoinProps {
  seller: string;
  sessions: JoinSession[];
  /** The date of the sessions, in the tenant's words ("Tue, Dec 1, 2026"). */
  dateLabel: string;
  /** The session the link named, when it is one of the date's sold-out sessions. */
  selected: string | undefined;
  types: JoinType[];
  /** A logged-in member's e-mail: they join with one click. */
  memberEmail: string | null;
  maxParty: number;
  offerHours: number;
  strings: WaitingListStrings;
}

export interface WaitingListTokenProps {
  seller: string;
  token: string;
  strings: WaitingListStrings;
}

/** A refused call in the tenant's words when it has them for the code, else the API's own words. */
export function refusalText(strings: WaitingListStrings, code: string, fallback: string): string {
  const key = `waitingList.refused.${code}`;
  return Object.hasOwn(strings, key) ? (strings[key as keyof WaitingListStrings] ?? fallback) : fallback;
}
