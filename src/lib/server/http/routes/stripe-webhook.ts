/**
 * POST /api/stripe/webhook (DESIGN §6): Stripe's PaymentIntent events, verified against the raw body
 * with STRIPE_WEBHOOK_SECRET (a bad or missing signature is 400). Server to server: no Origin check
 * applies (the cart's same-origin middleware covers cart paths only), and /cached_api has no webhook.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { fail } from "../../errors/api-error.ts";
import { stripeWebhookSecret } from "../../payments/stripe-config.ts";
import { verifiedStripeEvent } from "../../payments/stripe-webhook.ts";
import { applyStripePaymentEvent } from "../../services/checkout/stripe-events.ts";
import type { ApiRouter } from "../router.ts";
import { json } from "./_shared.ts";

export const STRIPE_WEBHOOK_PATH = "/stripe/webhook";

const webhookAnswer = z.object({ received: z.boolean(), outcome: z.string() });

const webhookRoute = createRoute({
  method: "post",
  path: STRIPE_WEBHOOK_PATH,
  description: "Stripe webhook events (payment_intent.succeeded, payment_intent.payment_failed).",
  responses: json(webhookAnswer, "The event was received."),
});

const badSignature = () => fail("invalid_signature");

export function registerStripeWebhook(router: ApiRouter): void {
  router.openapi(webhookRoute, async (c) => {
    if (c.get("cached")) throw fail("not_found");
    const secret = stripeWebhookSecret();
    if (!secret) {
      throw fail("gateway_not_configured", {
        description: "The stripe webhook is not configured.",
        context: "stripe",
      });
    }
    const signature = c.req.header("stripe-signature");
    if (!signature) throw badSignature();
    const { db, clock } = c.get("deps");
    const now = clock.now();
    const event = verifiedStripeEvent(await c.req.text(), signature, secret, now);
    if (!event) throw badSignature();
    const outcome = await applyStripePaymentEvent(db, event, now);
    c.header("Cache-Control", "no-store");
    return c.json({ received: true, outcome }, 200);
  });
}
