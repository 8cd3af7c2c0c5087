/**
 * Payments taken at the box office desk (services/admin/desk): the visitor pays on the desk's own
 * card terminal or in cash, and staff record it. No online gateway takes these: the payment row is
 * written already succeeded, with the method in its gateway id. They are not gateways a shopper's
 * checkout may name (api/checkout/schemas.ts gatewayId does not list them).
 *
 * Giving one back happens at the desk too (cash from the till, a refund on the terminal), so a
 * refund of a desk payment is recorded without calling anything (refund.ts).
 */
import type { Tx } from "../db/executor.ts";
import type { RefundRequest } from "./gateway.ts";

export const DESK_METHODS = ["card", "cash"] as const;
export type DeskMethod = (typeof DESK_METHODS)[number];

/** The payment row's gateway id of a desk payment: desk_card or desk_cash. */
export const deskGatewayId = (method: DeskMethod) => `desk_${method}` as const;

export function isDeskGateway(gatewayId: string): boolean {
  return DESK_METHODS.some((method) => deskGatewayId(method) === gatewayId);
}

/** What refund.ts asks of a payment's gateway. */
export interface Refunder {
  refund(tx: Tx, request: RefundRequest): Promise<string | null>;
}

/** The desk gives the money back by hand: nothing to call, no provider reference. */
export const deskRefunder: Refunder = {
  async refund() {
    return null;
  },
};
