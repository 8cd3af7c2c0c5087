/** The gateways by id. `stripe` is enabled by STRIPE_SECRET_KEY (else 400 gateway_not_configured). */
import { gatewayNotAllowed } from "./errors.ts";
import { freeGateway } from "./free-gateway.ts";
import type { Gateway, GatewayId } from "./gateway.ts";
import { ledgerGateway } from "./ledger-gateway.ts";
import { gatewayNotConfigured, stripeConfigFromEnv } from "./stripe-config.ts";
import { createStripeGateway } from "./stripe-gateway.ts";
import { testGateway } from "./test-gateway.ts";

const gateways: Partial<Record<GatewayId, Gateway>> = {
  test: testGateway,
  free: freeGateway,
  ledger: ledgerGateway,
};

export function gatewayFor(id: GatewayId): Gateway {
  if (id === "stripe") {
    const config = stripeConfigFromEnv();
    if (!config) throw gatewayNotConfigured(id);
    return createStripeGateway(config);
  }
  const gateway = gateways[id];
  if (!gateway) throw gatewayNotAllowed(`The ${id} gateway is not configured.`);
  return gateway;
}

export type {
  ChargeOutcome,
  ChargeRequest,
  Gateway,
  GatewayData,
  GatewayId,
  RefundRequest,
} from "./gateway.ts";
