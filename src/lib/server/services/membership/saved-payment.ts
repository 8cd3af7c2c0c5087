/**
 * Saved payment methods for automatic renewal (spec 2 §3 "Saved payment method: identifier").
 * A checkout that enrols keeps its card:
 * - stripe: the PaymentIntent was created with `setup_future_usage: "off_session"` on a customer
 *   (payments/stripe-gateway.ts); the reference is "customer|payment method";
 * - test: a stored test card, a `pm_test_…` token (never the card number). Like Stripe's
 *   4000 0000 0000 0341 ("attaching succeeds, charges fail"), that card pays the checkout and its
 *   token declines every later charge.
 * One method per checkout cart (its id derives from the cart), so a retried checkout saves once.
 * The renewal job charges a saved method off-session through `chargeSavedMethod`.
 */
import { createHmac, randomBytes } from "node:crypto";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type Stripe from "stripe";
import type { SavedPaymentMethodEnvelope } from "../../../api/membership/renew-schemas.ts";
import {
  cardBrand,
  savedCardIdentifier,
  shouldEnrolAutoRenew,
} from "../../../domain/membership/auto-renew.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { type ChargeOutcome, dataString, type GatewayData } from "../../payments/gateway.ts";
import { stripeClient, stripeConfigFromEnv } from "../../payments/stripe-config.ts";

export type SavedMethodRow = typeof s.savedPaymentMethod.$inferSelect;

/** Stripe's test card whose later charges fail (https://docs.stripe.com/testing "chargeCustomerFail"). */
export const TEST_CARD_CHARGE_FAILS = "4000000000000341";
const FAILING_TOKEN_MARK = "chargeCustomerFail";

export const savedMethodIdForCart = (cartId: string) => `spm_${cartId}`;

/**
 * Whether a checkout keeps its card for auto-renew: the cart asked for it, it is not a gift, the
 * gateway can keep a card (domain rule shouldEnrolAutoRenew), and the cart holds a membership.
 */
export async function wantsSavedMethod(
  ex: Executor,
  cart: { membershipOptions: { autoRenewMembership?: boolean; gifteeIdentityId?: string } },
  tickets: ReadonlyArray<{ ticketGroupId: string }>,
  gatewayId: string,
): Promise<boolean> {
  const options = cart.membershipOptions;
  const asked = shouldEnrolAutoRenew({
    autoRenewMembership: options.autoRenewMembership,
    gift: Boolean(options.gifteeIdentityId),
    gatewayId,
  });
  if (!asked || !tickets.length) return false;
  const groupIds = [...new Set(tickets.map((t) => t.ticketGroupId))];
  const [membershipGroup] = await ex
    .select({ id: s.ticketGroup.id })
    .from(s.ticketGroup)
    .where(and(inArray(s.ticketGroup.id, groupIds), eq(s.ticketGroup.handler, "membership")))
    .limit(1);
  return Boolean(membershipGroup);
}

/** The test gateway's stored card: a token and "Visa ending 4242"; null without a card number. */
export function testCardToSave(data: GatewayData): { reference: string; identifier: string } | null {
  const number = (dataString(data, "card_number") ?? "").replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(number)) return null;
  const random = randomBytes(9).toString("hex");
  return {
    reference:
      number === TEST_CARD_CHARGE_FAILS ? `pm_test_${FAILING_TOKEN_MARK}_${random}` : `pm_test_${random}`,
    identifier: savedCardIdentifier(cardBrand(number), number.slice(-4)),
  };
}

/**
 * Keeps the card of a checkout that enrols in auto-renew (succeeded or pending), once per cart.
 * Answers the saved row, or null when the payment left nothing to keep.
 */
export async function saveCheckoutPaymentMethod(
  ex: Executor,
  input: {
    cartId: string;
    sellerId: string;
    identityId: string;
    gatewayId: string;
    data: GatewayData;
    charge: ChargeOutcome;
    now: Date;
  },
): Promise<SavedMethodRow | null> {
  const kept =
    input.gatewayId === "test"
      ? testCardToSave(input.data)
      : input.gatewayId === "stripe"
        ? (input.charge.savedMethod ?? null)
        : null;
  if (!kept) return null;
  const id = savedMethodIdForCart(input.cartId);
  await ex
    .insert(s.savedPaymentMethod)
    .values({
      id,
      sellerId: input.sellerId,
      identityId: input.identityId,
      gatewayId: input.gatewayId,
      identifier: kept.identifier,
      providerReference: kept.reference,
      createdAt: input.now,
      deletedAt: null,
    })
    .onConflictDoNothing();
  const [row] = await ex.select().from(s.savedPaymentMethod).where(eq(s.savedPaymentMethod.id, id));
  return row ?? null;
}

export interface SavedCharge {
  amount: number;
  currency: string;
  sellerId: string;
  /** The same key for every attempt of one renewal: a provider never charges it twice. */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export type SavedChargeResult =
  | { ok: true; reference: string }
  | { ok: false; code: string; message: string };

const declined = (code: string, message: string): SavedChargeResult => ({ ok: false, code, message });

async function chargeStripe(method: SavedMethodRow, charge: SavedCharge): Promise<SavedChargeResult> {
  const config = stripeConfigFromEnv();
  if (!config) return declined("gateway_not_configured", "The stripe gateway is not configured.");
  const [customer, paymentMethod] = method.providerReference.split("|");
  if (!customer || !paymentMethod) return declined("invalid_saved_method", "The saved card is unusable.");
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripeClient(config).paymentIntents.create(
      {
        amount: charge.amount,
        currency: charge.currency.toLowerCase(),
        customer,
        payment_method: paymentMethod,
        off_session: true,
        confirm: true,
        metadata: { ...charge.metadata, seller: charge.sellerId },
      },
      { idempotencyKey: `foyer-renew-${charge.idempotencyKey}` },
    );
  } catch (error) {
    // Card errors (declined, authentication required off-session) are a failed renewal; anything
    // else (network, Stripe down) is thrown, so the renewal is tried again with the same key.
    const e = error as { type?: unknown; code?: unknown; message?: unknown };
    if (e.type === "StripeCardError") {
      return declined(String(e.code ?? "card_declined"), String(e.message ?? "Your card was declined."));
    }
    throw error;
  }
  if (intent.status === "succeeded" || intent.status === "processing")
    return { ok: true, reference: intent.id };
  return declined(
    intent.last_payment_error?.code ?? "authentication_required",
    intent.last_payment_error?.message ?? "The card needs the cardholder to authenticate the payment.",
  );
}

/** Charges a saved method off-session (the renewal job). Declines answer ok: false; outages throw. */
export async function chargeSavedMethod(
  method: SavedMethodRow,
  charge: SavedCharge,
): Promise<SavedChargeResult> {
  if (method.deletedAt) return declined("saved_method_deleted", "The saved card was removed.");
  if (method.gatewayId === "stripe") return chargeStripe(method, charge);
  if (method.gatewayId !== "test") return declined("gateway_not_allowed", "The card cannot be charged.");
  if (method.providerReference.includes(FAILING_TOKEN_MARK)) {
    return declined("card_declined", "Your card was declined.");
  }
  const mac = createHmac("sha256", "foyer-test-renewal").update(charge.idempotencyKey).digest("hex");
  return { ok: true, reference: `pi_test_renew_${mac.slice(0, 24)}` };
}

/** GET my/identity/saved_payment_method: the identity's saved cards (not deleted), oldest first. */
export async function mySavedPaymentMethods(
  ex: Executor,
  sellerId: string,
  identityId: string,
): Promise<SavedPaymentMethodEnvelope> {
  const rows = await ex
    .select({ id: s.savedPaymentMethod.id, identifier: s.savedPaymentMethod.identifier })
    .from(s.savedPaymentMethod)
    .where(
      and(
        eq(s.savedPaymentMethod.sellerId, sellerId),
        eq(s.savedPaymentMethod.identityId, identityId),
        isNull(s.savedPaymentMethod.deletedAt),
      ),
    )
    .orderBy(asc(s.savedPaymentMethod.createdAt), asc(s.savedPaymentMethod.id));
  return { saved_payment_method: { _count: rows.length, _data: rows } };
}
