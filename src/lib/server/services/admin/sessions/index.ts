/** The back office's session operations: close and reopen, capacity, the attendee list. */

export { type Attendee, type AttendeeList, attendeeCsv, attendeeList } from "./attendees.ts";
export { type SessionCapacityChange, setSessionCapacity } from "./capacity.ts";
export { closeSession, reopenSession, type SessionClosedState } from "./close.ts";
export * from "./schemas.ts";
