/** The back office's waiting lists: a session's list and counts, an offer sent by hand, an entry removed. */

export { removeWaitingEntry, sendWaitingListOffer, type WaitingEntryChange } from "./actions.ts";
export * from "./schemas.ts";
export {
  type WaitingListCounts,
  type WaitingListEntryView,
  type WaitingListTickets,
  type WaitingListView,
  waitingListOf,
} from "./view.ts";
