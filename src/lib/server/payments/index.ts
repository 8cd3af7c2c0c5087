/** The gateways by id. `stripe` is not built yet: choosing it is a 400 until it is. */
import { gatewayNotAllowed } from "./errors.ts";
import { freeGateway } from "./free-gateway.ts";
import type { Gateway, GatewayId } from "./gateway.ts";
import { ledgerGateway } from "./ledger-gateway.ts";
import { testGateway } from "./test-gateway.ts";

const gateways: Partial<Record<GatewayId, Gateway>> = {
  test: testGateway,
  free: freeGateway,
  ledger: ledgerGateway,
};

export function gatewayFor(id: GatewayId): Gateway {
  const gateway = gateways[id];
  if (!gateway) throw gatewayNotAllowed(`The ${id} gateway is not configured.`);
  return gateway;
}

export type { ChargeOutcome, ChargeRequest, Gateway, GatewayData, GatewayId } from "./gateway.ts";
