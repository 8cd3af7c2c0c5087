/**
 * The stripe gateway's configuration (DESIGN §6), read from the environment at call time:
 * STRIPE_SECRET_KEY enables the gateway, STRIPE_WEBHOOK_SECRET verifies webhooks, and
 * STRIPE_API_BASE (e.g. http://127.0.0.1:4010) points the SDK at another host, for tests.
 */
import Stripe from "stripe";
import { fail } from "../errors/api-error.ts";

export interface StripeConfig {
  secretKey: string;
  /** Undefined: the SDK's default (https://api.stripe.com). */
  apiBase: URL | undefined;
}

export function stripeConfigFromEnv(env: NodeJS.ProcessEnv = process.env): StripeConfig | null {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  if (!secretKey) return null;
  const base = env.STRIPE_API_BASE?.trim();
  return { secretKey, apiBase: base ? new URL(base) : undefined };
}

export function stripeWebhookSecret(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.STRIPE_WEBHOOK_SECRET?.trim() || null;
}

export const gatewayNotConfigured = (id: string) =>
  fail("gateway_not_configured", { description: `The ${id} gateway is not configured.` });

const clients = new Map<string, Stripe>();

/** One SDK client per key and base. Retries are safe: every write carries an idempotency key. */
export function stripeClient(config: StripeConfig): Stripe {
  const cacheKey = `${config.secretKey}\u0000${config.apiBase?.href ?? ""}`;
  let client = clients.get(cacheKey);
  if (!client) {
    const base = config.apiBase;
    client = new Stripe(config.secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      telemetry: false,
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === "http:" ? 80 : 443),
            protocol: base.protocol === "http:" ? "http" : "https",
          }
        : {}),
    });
    clients.set(cacheKey, client);
  }
  return client;
}

/** Webhook signature checks (no API key needed). */
export const stripeWebhooks = (): Stripe["webhooks"] => Stripe.webhooks;
