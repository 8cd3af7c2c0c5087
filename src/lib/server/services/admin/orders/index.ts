/**
 * The back office's order services, for the admin API and the pages. Each takes the database (or
 * a transaction), the acting staff member or API key, its input (checked by the schemas here) and,
 * when it changes something, the time; each checks the actor's role and that the order is the
 * actor's seller's, and writes its audit entry in the same transaction as its change.
 */
export { cancelOrder } from "./cancel.ts";
export { orderDetail } from "./detail.ts";
export { refundOrder } from "./refund.ts";
export { rescheduleOrder } from "./reschedule.ts";
export { rescheduleOptions } from "./reschedule-options.ts";
export { resendOrder } from "./resend.ts";
export * from "./schemas.ts";
export { searchOrders } from "./search.ts";
