/**
 * The `stripe` gateway (DESIGN §6): one PaymentIntent per cart attempt through the stripe SDK,
 * created and confirmed at once with the storefront's payment method (gateway_data.payment_method_id).
 * - succeeded → the checkout completes; processing → pending (reference = the intent id), completed
 *   later by the payment_intent.succeeded webhook (services/checkout/stripe-events.ts);
 * - requires_action → 402 intent_requires_action with _extra {payment_intent_id, client_secret}; the
 *   storefront authenticates and calls again with gateway_data.payment_intent_id, which retrieves the
 *   intent (it must belong to this cart, amount and currency) and answers by its status;
 * - Stripe errors map as stripe-errors.ts says.
 * The idempotency key sent to Stripe derives from the checkout's key, the cart, the amount and the
 * payment method: a retried attempt never charges twice, another card is another attempt.
 * A refund (refund.ts) is one `refunds.create` for the payment's intent and amount, keyed by the
 * payment's id: a retried refund never refunds twice.
 */
import { createHash } from "node:crypto";
import type Stripe from "stripe";
import { savedCardIdentifier } from "../../domain/membership/auto-renew.ts";
import { chargeStep, toMoneyString } from "../../domain/money.ts";
import { type ApiError, fail } from "../errors/api-error.ts";
import { errorText } from "../errors/catalogue.ts";
import {
  type ChargeOutcome,
  type ChargeRequest,
  dataString,
  type Gateway,
  paymentMethodOf,
} from "./gateway.ts";
import { type StripeConfig, stripeClient } from "./stripe-config.ts";
import { fromStripeError, stripeCardError } from "./stripe-errors.ts";

export const REQUIRES_ACTION_TEXT = errorText("intent_requires_action");

export function stripeIdempotencyKey(request: ChargeRequest, paymentMethod: string): string {
  const digest = createHash("sha256")
    .update(
      JSON.stringify([
        request.idempotencyKey,
        request.cartId,
        request.amount,
        request.currency,
        paymentMethod,
        // Saving the card for auto-renew is another request (customer, setup_future_usage).
        ...(request.saveForLater ? ["save"] : []),
      ]),
    )
    .digest("hex");
  return `foyer-${digest.slice(0, 48)}`;
}

export const stripeRefundKey = (paymentId: string) => `foyer-refund-${paymentId}`;

function requiresAction(intent: Stripe.PaymentIntent): ApiError {
  return fail("intent_requires_action", {
    extra: {
      type: "card_error",
      code: "intent_requires_action",
      payment_intent_id: intent.id,
      client_secret: intent.client_secret,
    },
  });
}

/**
 * The card's last four digits, when the intent's answer carries them: its payment method expanded
 * (`card.last4`) or its latest charge expanded (`payment_method_details.card.last4`); else null.
 */
export function stripeCardLast4(intent: Stripe.PaymentIntent): string | null {
  const method = intent.payment_method;
  if (typeof method === "object" && method?.card?.last4) return method.card.last4;
  const charge = intent.latest_charge;
  if (typeof charge === "object" && charge?.payment_method_details?.card?.last4) {
    return charge.payment_method_details.card.last4;
  }
  return null;
}

/** The checkout's answer for an intent's status. */
export function outcomeOf(intent: Stripe.PaymentIntent, request: ChargeRequest): ChargeOutcome {
  const base = {
    amount: request.amount,
    reference: intent.id,
    cardNumber: null,
    remainingBalance: null,
    cardLast4: stripeCardLast4(intent),
  };
  switch (intent.status) {
    case "succeeded":
      return { ...base, status: "succeeded" };
    case "processing":
      return { ...base, status: "pending" };
    case "requires_action":
    case "requires_confirmation":
      throw requiresAction(intent);
    default: {
      const last = intent.last_payment_error;
      throw stripeCardError(
        {
          type: last?.type ?? "card_error",
          code: last?.code ?? "payment_intent_authentication_failure",
          decline_code: last?.decline_code,
          message:
            last?.message ??
            "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
        },
        "payment_intent_authentication_failure",
      );
    }
  }
}

/**
 * The method an intent saved (setup_future_usage), as "customer|payment method" for the
 * off-session renewal charge, shown by its brand and last four digits when Stripe tells them.
 */
export function stripeSavedMethod(intent: Stripe.PaymentIntent): ChargeOutcome["savedMethod"] {
  const customer = typeof intent.customer === "string" ? intent.customer : intent.customer?.id;
  const method = intent.payment_method;
  const methodId = typeof method === "string" ? method : method?.id;
  if (!customer || !methodId) return null;
  const card = typeof method === "object" && method ? method.card : null;
  const brand = card?.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : "Card";
  return {
    reference: `${customer}|${methodId}`,
    identifier: card?.last4 ? savedCardIdentifier(brand, card.last4) : brand,
  };
}

/** A follow-up may only finish this cart's own intent, for the same amount and currency. */
function assertSameAttempt(intent: Stripe.PaymentIntent, request: ChargeRequest): void {
  if (
    intent.metadata?.cart_id !== request.cartId ||
    intent.amount !== request.amount ||
    intent.currency.toLowerCase() !== request.currency.toLowerCase()
  ) {
    throw fail("payment_intent_mismatch", {
      extra: { type: "invalid_request_error", code: "payment_intent_mismatch" },
    });
  }
}

export function createStripeGateway(config: StripeConfig): Gateway {
  const client = stripeClient(config);
  return {
    id: "stripe",
    cardLimits: true,
    async charge(_tx, request) {
      const intentId = dataString(request.data, "payment_intent_id");
      const paymentMethod = paymentMethodOf(request.data);
      if (!intentId && !paymentMethod) {
        throw fail("validation_failed", {
          description: "A payment method is required.",
          context: "payment",
          extra: { field: "payment_method_id" },
        });
      }
      let intent: Stripe.PaymentIntent;
      try {
        if (intentId) {
          // The payment method expanded tells the card's last four digits (stripeCardLast4).
          intent = await client.paymentIntents.retrieve(intentId, { expand: ["payment_method"] });
          assertSameAttempt(intent, request);
        } else {
          // Stripe refuses a three-decimal amount that is not in tens (KWD 2.713): said here, in
          // words, before any call. Foyer's totals never are (money.ts chargeStep).
          if (request.amount % chargeStep(request.currency) !== 0) {
            throw fail("validation_failed", {
              description: `Stripe takes ${request.currency} amounts in multiples of ${toMoneyString(chargeStep(request.currency), request.currency)}.`,
              context: "payment",
              extra: { field: "amount" },
            });
          }
          // Auto-renew: the card is kept on a customer for later off-session charges.
          const customer = request.saveForLater
            ? await client.customers.create(
                { metadata: { cart_id: request.cartId, seller: request.sellerId } },
                { idempotencyKey: `foyer-customer-${request.cartId}` },
              )
            : null;
          intent = await client.paymentIntents.create(
            {
              amount: request.amount,
              currency: request.currency.toLowerCase(),
              payment_method: paymentMethod,
              automatic_payment_methods: { enabled: true, allow_redirects: "never" },
              confirm: true,
              metadata: { cart_id: request.cartId, seller: request.sellerId },
              // The card's brand and last four digits: staff find orders by them, and a saved card
              // is shown by them ("Visa ending 4242").
              expand: ["payment_method"],
              ...(customer ? { customer: customer.id, setup_future_usage: "off_session" as const } : {}),
            },
            { idempotencyKey: stripeIdempotencyKey(request, paymentMethod ?? "") },
          );
        }
      } catch (error) {
        throw fromStripeError(error);
      }
      const outcome = outcomeOf(intent, request);
      return request.saveForLater ? { ...outcome, savedMethod: stripeSavedMethod(intent) } : outcome;
    },
    async refund(_tx, request) {
      if (!request.reference) throw new Error(`stripe payment ${request.paymentId} has no intent`);
      let refund: Stripe.Refund;
      try {
        refund = await client.refunds.create(
          {
            payment_intent: request.reference,
            amount: request.amount,
            metadata: { cart_id: request.cartId, payment_id: request.paymentId },
          },
          { idempotencyKey: stripeRefundKey(request.paymentId) },
        );
      } catch (error) {
        throw fromStripeError(error);
      }
      // pending and requires_action refunds go through at Stripe; failed or canceled ones did not.
      if (refund.status === "failed" || refund.status === "canceled") {
        throw fail("refund_failed", { description: `The refund ${refund.id} ${refund.status}.` });
      }
      return refund.id;
    },
  };
}
