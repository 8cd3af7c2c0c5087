/** Row types and the transaction handle shared by the cart services. */

import type * as s from "../../db/schema.ts";

export type CartRow = typeof s.cart.$inferSelect;
export type TicketRow = typeof s.ticket.$inferSelect;
export type TicketInsert = typeof s.ticket.$inferInsert;
export type TypeRow = typeof s.ticketType.$inferSelect;
export type GroupRow = typeof s.ticketGroup.$inferSelect;
export type EventRow = typeof s.eventTemplate.$inferSelect;
export type SessionRow = typeof s.eventSession.$inferSelect;
export type CodeRow = typeof s.code.$inferSelect;
