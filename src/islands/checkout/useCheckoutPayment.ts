/**
 * The checkout island's payment calls (spec 2 §4, §5, §8): checks the form and prepares the body,
 * asks for a captcha token when needed, pays with the test card, Stripe, the free gateway or a
 * partial amount, routes the answer (completed → /checkout/complete, pending →
 * /checkout/pending/{cartId}, partial stays with the success message) and shows failures. One
 * idempotency key per attempt: kept when the answer was lost (network error or timeout), so
 * pressing pay again replays the first request instead of charging twice; dropped on any answer.
 */
import { useRef, useState } from "react";
import type { CheckoutAnswer, CheckoutBody } from "../../lib/api/checkout/schemas.ts";
import { failureOf } from "../../lib/api/errors.ts";
import {
  type CustomErrors,
  type CustomFieldKey,
  type CustomFieldSpec,
  type CustomValues,
  firstInvalidCustomField,
  validateCustomFields,
} from "../../lib/domain/identity-custom-fields.ts";
import {
  firstInvalidField,
  type IdentityCheck,
  type IdentityError,
  type IdentityField,
  type IdentityInput,
  type PurchaserIdentity,
  validateIdentity,
} from "../../lib/domain/identity-form.ts";
import { isGiftToSelf } from "../../lib/domain/membership/form.ts";
import { messageText } from "../../lib/domain/messages.ts";
import { apiMoneyMinor, toMoneyString } from "../../lib/domain/money.ts";
import { formatOrderDate } from "../../lib/domain/order-dates.ts";
import {
  type CardField,
  type CardInput,
  needsCard,
  paymentSupported,
  validateCard,
} from "../../lib/domain/payment-amount.ts";
import { checkoutFailure, PAYMENT_MESSAGE, type PaymentMessage } from "../../lib/domain/payment-errors.ts";
import { type PlanOrderConfirmation, planOrderConfirmation } from "../../lib/domain/plan-order.ts";
import { clearCart, refreshCart } from "../../lib/stores/cart.ts";
import { idempotencyKey, paymentCalls, reportCheckout } from "./checkout-calls.ts";
import type { CheckoutTranslate } from "./checkout-strings.ts";
import { payWithStripe } from "./stripe-checkout.ts";
import type { StripeState } from "./stripe-types.ts";

/**
 * `focus`: move focus to the message (not when focus goes to the first invalid field instead).
 * `link`: an action the message offers (the gift-to-self refusal's link to buy or renew).
 */
export type CheckoutMessage = {
  tone: "error" | "success";
  lines: string[];
  focus: boolean;
  link?: { href: string; text: string } | undefined;
} | null;

export interface FormErrors {
  identity: Partial<Record<IdentityField, IdentityError>>;
  custom: CustomErrors;
  card: Partial<Record<CardField, "required" | "invalid">>;
  terms: boolean;
}

export interface CheckoutPaymentOptions {
  seller: string;
  /** The router base for links: `/{seller}`, or "" on the tenant's own host name. */
  base: string;
  cartId: string | null;
  currency: string;
  timeZone: string;
  /** The page's locale: dates in its language. */
  locale: string;
  tagManagerId?: string | undefined;
  stripeKey?: string | undefined;
  termsContent: string;
  /** Spec §5: a captcha token is needed for visitors who are not logged in when a key is set. */
  captchaSiteKey: string | null;
  /** A logged-in member checks out as themselves (my/cart/{id}/checkout): no identity form. */
  member: PurchaserIdentity | null;
  /** The e-mail of the cart's gift-of-membership recipient, or null (not a gift). */
  gifteeEmail: string | null;
  /** What is outstanding and what the pay button charges now (minor units). */
  outstanding: number;
  charge: number;
  identity: IdentityInput;
  /** The custom identity fields shown (spec 1 §3 identity_form) and their values. */
  customFields: readonly CustomFieldSpec[];
  customValues: CustomValues;
  card: CardInput;
  terms: boolean;
  stripe: StripeState;
  tr: CheckoutTranslate;
  money: (minor: number) => string;
  setMessage: (message: CheckoutMessage) => void;
  /** The form's field errors after a check (all empty when it passed). */
  setErrors: (errors: FormErrors) => void;
  focusField: (field: IdentityField) => void;
  focusCustom: (key: CustomFieldKey) => void;
  /** A partial payment went through: clear the card and the terms tick. */
  onPartial: () => void;
  /** What the cart holds, for the confirmation of a plan order (domain/plan-order.ts). */
  boughtItems: readonly string[];
  /** A plan's first payment booked the order: show its confirmation instead of the form. */
  onPlanOrder: (confirmation: PlanOrderConfirmation) => void;
  /** An order's instalment: where a completed or partial payment (or a booked cart) goes. */
  afterPayment?: string | undefined;
  /**
   * Paying for an order's changes (an edit cart; afterPayment is the manage page): no
   * identity (the order has its purchaser), no confirmation mail; the order_update mail is posted
   * before going to afterPayment.
   */
  edit?: { orderId: string; token: string } | undefined;
}

const refresh = () => void refreshCart().catch(() => undefined);

/** Spec §5: null when the visitor closed the challenge or it expired (a cancel). */
export async function captchaFor(
  siteKey: string | null,
  loggedIn: boolean,
): Promise<string | null | undefined> {
  if (!siteKey || loggedIn) return undefined;
  return (await import("./captcha.ts")).captchaToken(siteKey);
}

export function useCheckoutPayment(options: CheckoutPaymentOptions) {
  const { seller, base, cartId, currency, tagManagerId, stripeKey, tr, money, setMessage } = options;
  const [submitting, setSubmitting] = useState(false);
  const [confirmIntent, setConfirmIntent] = useState<string | null>(null);
  const attemptKey = useRef<string | null>(null);

  /** The tenant's words for a payment message the domain returned. */
  const say = (message: PaymentMessage) => messageText(message, tr);

  function show(tone: "error" | "success", ...lines: string[]) {
    setMessage({ tone, lines, focus: true });
  }

  function handleAnswer(answer: CheckoutAnswer) {
    const result = answer.checkout_result._data[0];
    if (!result || !cartId) return show("error", tr(PAYMENT_MESSAGE.unexpected));
    if (options.afterPayment && result.status !== "pending") {
      const next = options.afterPayment;
      const edit = options.edit;
      if (edit && result.status === "completed") {
        void import("../manage/reschedule/edit-mail.ts")
          .then(({ mailOrderUpdate }) => mailOrderUpdate(seller, edit.orderId, edit.token))
          .finally(() => window.location.assign(next));
        return;
      }
      window.location.assign(next);
      return;
    }
    if (result.status === "completed") {
      reportCheckout(tagManagerId, "purchase", {
        transaction_id: result.ticket_order_ids.join(","),
        value: result.amount_paid,
        currency,
      });
      const ids = result.ticket_order_ids.map(encodeURIComponent).join(",");
      window.location.assign(`${base}/checkout/complete?orderIds=${ids}`);
      return;
    }
    if (result.status === "pending") {
      const reference = result.reference ? `?reference=${encodeURIComponent(result.reference)}` : "";
      window.location.assign(`${base}/checkout/pending/${encodeURIComponent(cartId)}${reference}`);
      return;
    }
    // Partial that booked the order (a plan's first payment): stay, with the order's confirmation.
    const booked = planOrderConfirmation(answer, {
      items: [...options.boughtItems],
      base,
      member: options.member !== null,
      email: (options.member?.email ?? options.identity.email).trim() || null,
    });
    if (booked) {
      reportCheckout(tagManagerId, "purchase", {
        transaction_id: booked.orderId,
        value: result.amount_paid,
        currency,
      });
      options.onPlanOrder(booked);
      // The cart is now the order's: the browser's cart is done with it, as after a completed checkout.
      clearCart();
      return;
    }
    // Partial: stay, say what was paid and when the next payment is due; clear the card and the tick.
    const lines = [tr("checkout.partial", { amount: money(apiMoneyMinor(result.amount_paid)) })];
    if (result.next_due_date)
      lines.push(
        tr("checkout.partial.next", {
          date: formatOrderDate(result.next_due_date, options.timeZone, options.locale),
        }),
      );
    show("success", ...lines);
    options.onPartial();
    refresh();
  }

  /** Spec 2 §5: the refusal, with its link to buy or renew a membership for oneself. */
  function showGiftToSelf() {
    setMessage({
      tone: "error",
      lines: [tr(PAYMENT_MESSAGE.giftToSelf)],
      focus: true,
      link: { href: `${base}/membership`, text: tr("checkout.error.giftToSelf.link") },
    });
  }

  function handleFailure(error: unknown) {
    const failure = checkoutFailure(failureOf(error));
    switch (failure.kind) {
      case "requires_action":
        setConfirmIntent(failure.paymentIntentId);
        return;
      case "booked":
        window.location.assign(
          options.afterPayment ?? `${base}/checkout/complete?orderIds=${encodeURIComponent(failure.orderId)}`,
        );
        return;
      case "giftToSelf":
        showGiftToSelf();
        return;
      case "expired":
        // The store clears the cart; the cart widget's expiry modal takes over.
        show("error", tr("checkout.expired"));
        refresh();
        return;
      case "message":
        if (failure.refreshCart) refresh();
        show("error", say(failure.message));
    }
  }

  /** Checks the form; returns the body to send, or null (the errors are shown). */
  function prepare(paymentIntentId: string | null): CheckoutBody | null {
    const { identity, card, outstanding, charge, member } = options;
    const idCheck: IdentityCheck = options.edit
      ? { ok: true, identity: { first_name: "", last_name: "", email: "" } }
      : member
        ? {
            ok: true,
            identity: { first_name: member.first_name, last_name: member.last_name, email: member.email },
          }
        : validateIdentity(identity);
    const customCheck = validateCustomFields(options.edit ? [] : options.customFields, options.customValues);
    const cardDue = needsCard(outstanding);
    const cardCheck = cardDue && !paymentIntentId && !stripeKey ? validateCard(card, new Date()) : null;
    const termsOk = options.termsContent.trim() === "" || options.terms;
    options.setErrors({
      identity: idCheck.ok ? {} : idCheck.errors,
      custom: customCheck.ok ? {} : customCheck.errors,
      card: cardCheck && !cardCheck.ok ? cardCheck.errors : {},
      terms: !termsOk,
    });
    if (!idCheck.ok || !customCheck.ok || (cardCheck && !cardCheck.ok) || !termsOk) {
      const field = idCheck.ok ? null : firstInvalidField(idCheck.errors);
      const custom =
        field || customCheck.ok ? null : firstInvalidCustomField(options.customFields, customCheck.errors);
      if (field) options.focusField(field);
      else if (custom) options.focusCustom(custom);
      setMessage({
        tone: "error",
        lines: [tr(PAYMENT_MESSAGE.validation)],
        focus: field === null && custom === null,
      });
      return null;
    }
    // Spec 2 §5: a gift to the buyer's own e-mail is refused before any call (the server refuses it too).
    if (options.gifteeEmail && isGiftToSelf(options.gifteeEmail, idCheck.identity.email)) {
      showGiftToSelf();
      return null;
    }
    const additionalInfo = customCheck.additionalInfo;
    const hasCustom = Object.keys(additionalInfo).length > 0;
    if (cardDue && !paymentSupported(charge, currency)) {
      show("error", tr(PAYMENT_MESSAGE.paymentNotSupported));
      return null;
    }
    attemptKey.current = attemptKey.current ?? idempotencyKey();
    let gatewayData: Record<string, string | number> = {};
    if (paymentIntentId) gatewayData = { payment_intent_id: paymentIntentId };
    else if (cardCheck?.ok) gatewayData = { ...cardCheck.card };
    return {
      gateway_id: cardDue ? (stripeKey ? "stripe" : "test") : "free",
      gateway_data: gatewayData,
      ...(cardDue ? { amount: toMoneyString(charge, currency) } : {}),
      ...(options.edit
        ? {}
        : member
          ? hasCustom
            ? { additional_info: additionalInfo }
            : {}
          : {
              identity: hasCustom
                ? { ...idCheck.identity, additional_info: additionalInfo }
                : idCheck.identity,
            }),
      send_email: !options.edit,
      idempotency_key: attemptKey.current,
    };
  }

  async function send(body: CheckoutBody, paymentIntentId: string | null): Promise<void> {
    if (!cartId) return;
    const { outstanding, stripe } = options;
    const cardDue = needsCard(outstanding);
    try {
      if (stripeKey && cardDue && !paymentIntentId) {
        if (stripe.status !== "ready") return;
        const outcome = await payWithStripe(stripe.port, cartId, body, options.member !== null);
        if (outcome.kind !== "error" || failureOf(outcome.error).status !== 0) attemptKey.current = null;
        if (outcome.kind === "answer") handleAnswer(outcome.answer);
        else if (outcome.kind === "error") handleFailure(outcome.error);
        else {
          if (outcome.refreshCart) refresh();
          show("error", say(outcome.message));
        }
        return;
      }
      // A plan's chosen amount goes through checkout too (its body's amount), never through pay:
      // checkout names the buyer, so the server can refuse a gift to oneself and book the order.
      const calls = await paymentCalls(options.member !== null);
      handleAnswer(await calls.checkout(cartId, body));
      attemptKey.current = null;
    } catch (error) {
      if (failureOf(error).status !== 0) attemptKey.current = null;
      handleFailure(error);
    }
  }

  async function pay(paymentIntentId: string | null = null) {
    if (!cartId || submitting) return;
    const prepared = prepare(paymentIntentId);
    if (!prepared) return;
    setSubmitting(true);
    setMessage(null);
    try {
      // Spec §5: guests need a captcha token on every payment call (checkout and partial pay alike).
      const token = await captchaFor(options.captchaSiteKey, options.member !== null);
      if (token === null) {
        // Spec §8: a dismissed captcha is logged (no personal data) and ignored.
        console.info("checkout: captcha dismissed");
        return;
      }
      await send(token ? { ...prepared, captcha: token } : prepared, paymentIntentId);
    } catch (error) {
      handleFailure(error);
    } finally {
      setSubmitting(false);
    }
  }

  return { submitting, pay, handleAnswer, confirmIntent, setConfirmIntent };
}
