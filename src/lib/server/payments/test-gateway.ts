/**
 * The `test` gateway: the full card flow offline, following Stripe's documented test cards.
 * - 4242 4242 4242 4242 succeeds;
 * - 4000 0000 0000 0002 is declined (card_declined, generic_decline);
 * - 4000 0000 0000 0127 has an incorrect CVC (incorrect_cvc);
 * - 4000 0000 0000 3220 requires authentication: 402 intent_requires_action with
 *   _extra.payment_intent_id; calling again with gateway_data.payment_intent_id completes it;
 * - any card with exp_year 2099 stays processing: status pending with a reference (Foyer's convention);
 * - an expiry in the past is expired_card; a number failing the Luhn check is incorrect_number;
 *   other Luhn-valid numbers succeed (like Stripe's other brand test cards).
 * A refund always succeeds at once (the test gateway refunds itself), with a `re_test_` reference.
 */
import { createHmac, randomBytes } from "node:crypto";
import { fail } from "../errors/api-error.ts";
import { cardError, requiresAction } from "./errors.ts";
import {
  type ChargeOutcome,
  type ChargeRequest,
  dataString,
  type Gateway,
  type GatewayData,
  paymentMethodOf,
} from "./gateway.ts";

export const TEST_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
  incorrectCvc: "4000000000000127",
  requiresAction: "4000000000003220",
} as const;
export const PENDING_EXP_YEAR = 2099;

const INTENT_SECRET = "foyer-test-gateway";

/**
 * `payment_method_id` or `source` (gateway_data) may name one of Stripe's documented test
 * payment methods or tokens instead of a card number; each stands for the test card above.
 */
const TEST_PAYMENT_METHODS: Readonly<Record<string, string>> = Object.assign(Object.create(null), {
  pm_card_visa: TEST_CARDS.success,
  tok_visa: TEST_CARDS.success,
  pm_card_chargeDeclined: TEST_CARDS.declined,
  tok_chargeDeclined: TEST_CARDS.declined,
  pm_card_chargeDeclinedIncorrectCvc: TEST_CARDS.incorrectCvc,
  tok_chargeDeclinedIncorrectCvc: TEST_CARDS.incorrectCvc,
  pm_card_threeDSecure2Required: TEST_CARDS.requiresAction,
  tok_threeDSecure2Required: TEST_CARDS.requiresAction,
});

/** The card data a test payment method stands for (valid for five more years); unknown ids are a 400. */
function cardOfPaymentMethod(method: string, now: Date): GatewayData {
  const number = TEST_PAYMENT_METHODS[method];
  if (!number) {
    throw fail("validation_failed", {
      description: "Unknown test payment method.",
      context: "payment",
      extra: { field: "payment_method_id", known: Object.keys(TEST_PAYMENT_METHODS) },
    });
  }
  return { card_number: number, exp_month: 12, exp_year: now.getUTCFullYear() + 5, cvc: "123" };
}

/** The payment intent a requires_action card creates: stable per cart, amount and key. */
export function testIntentId(request: Pick<ChargeRequest, "cartId" | "amount">): string {
  const mac = createHmac("sha256", INTENT_SECRET).update(`${request.cartId}:${request.amount}`).digest("hex");
  return `pi_test_${mac.slice(0, 24)}`;
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The last four digits of the card number given (staff find orders by them); null when none was. */
const last4Of = (number: string | null): string | null => (number ? number.slice(-4) : null);

const succeeded = (amount: number, reference: string, cardNumber: string | null): ChargeOutcome => ({
  status: "succeeded",
  amount,
  reference,
  cardNumber: null,
  remainingBalance: null,
  cardLast4: last4Of(cardNumber),
});

export const testGateway: Gateway = {
  id: "test",
  cardLimits: true,
  async charge(_tx, request) {
    const intent = dataString(request.data, "payment_intent_id");
    if (intent) {
      if (intent !== testIntentId(request)) {
        throw cardError(
          "payment_intent_authentication_failure",
          "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
        );
      }
      return succeeded(request.amount, intent, null);
    }
    const method = paymentMethodOf(request.data);
    const data = method ? cardOfPaymentMethod(method, request.now) : request.data;
    const number = (dataString(data, "card_number") ?? "").replace(/[\s-]/g, "");
    if (!luhnValid(number)) throw cardError("incorrect_number", "Your card number is incorrect.");
    const expYear = Number(dataString(data, "exp_year") ?? Number.NaN);
    const expMonth = Number(dataString(data, "exp_month") ?? Number.NaN);
    if (!Number.isInteger(expYear) || !Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12) {
      throw cardError("invalid_expiry_year", "Your card's expiration year is invalid.");
    }
    const fullYear = expYear < 100 ? 2000 + expYear : expYear;
    const nowYear = request.now.getUTCFullYear();
    const nowMonth = request.now.getUTCMonth() + 1;
    if (fullYear < nowYear || (fullYear === nowYear && expMonth < nowMonth)) {
      throw cardError("expired_card", "Your card has expired.", "expired_card");
    }
    if (number === TEST_CARDS.declined)
      throw cardError("card_declined", "Your card was declined.", "generic_decline");
    if (number === TEST_CARDS.incorrectCvc)
      throw cardError("incorrect_cvc", "Your card's security code is incorrect.");
    if (number === TEST_CARDS.requiresAction) throw requiresAction(testIntentId(request));
    const reference = `pi_test_${randomBytes(12).toString("hex")}`;
    if (fullYear === PENDING_EXP_YEAR) {
      return {
        status: "pending",
        amount: request.amount,
        reference,
        cardNumber: null,
        remainingBalance: null,
        cardLast4: last4Of(number),
      };
    }
    return succeeded(request.amount, reference, number);
  },
  async refund(_tx, request) {
    return `re_test_${createHmac("sha256", INTENT_SECRET).update(request.paymentId).digest("hex").slice(0, 24)}`;
  },
};
