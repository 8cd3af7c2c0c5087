/**
 * The box office's desk sale, for the admin API and the pages: the day's sellable sessions
 * (day.ts), the sale itself through the shop's cart and checkout (sell.ts), and an order's ticket
 * cards for printing (tickets.ts).
 */
export { deskDay } from "./day.ts";
export * from "./schemas.ts";
export { sellAtDesk } from "./sell.ts";
export { deskTickets } from "./tickets.ts";
