/** The `free` gateway: completes a zero outstanding total; anything else is 400. */
import { gatewayNotAllowed } from "./errors.ts";
import type { Gateway } from "./gateway.ts";

export const freeGateway: Gateway = {
  id: "free",
  cardLimits: false,
  async charge(_tx, request) {
    if (request.amount !== 0) throw gatewayNotAllowed("The free gateway only completes a zero total.");
    return { status: "succeeded", amount: 0, reference: null, cardNumber: null, remainingBalance: null };
  },
  async refund() {
    return null;
  },
};
