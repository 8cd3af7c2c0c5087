/**
 * The checkout island (spec 2 §2 "Checkout screen", §4, §8): gift cards first, then the purchaser
 * identity form, the terms tick, the test card form (or nothing when the total is 0: the free
 * gateway) and the pay button labelled with the amount; a mobile footer with 'Total to pay'.
 * Results route per §4: completed → /checkout/complete, pending → /checkout/pending/{cartId},
 * partial stays with the success message. The rules live in src/lib/domain; the cart sidebar is
 * the cart widget (CartAside), which shares the cart store.
 */
import { useStore } from "@nanostores/react";
import { createRef, useEffect, useMemo, useRef, useState } from "react";
import type { CartEnvelope } from "../../lib/api/cart-schemas.ts";
import type { CheckoutAnswer, CheckoutBody } from "../../lib/api/checkout-schemas.ts";
import { cartTotals } from "../../lib/domain/cart-items.ts";
import type { DonationOffer } from "../../lib/domain/donation-offer.ts";
import {
  emptyIdentity,
  firstInvalidField,
  IDENTITY_FIELDS,
  type IdentityError,
  type IdentityField,
  validateIdentity,
} from "../../lib/domain/identity-form.ts";
import { formatMoney, parseMoneyString, toMoneyString } from "../../lib/domain/money.ts";
import { formatOrderDate } from "../../lib/domain/order-dates.ts";
import { choosePaymentType, NO_WALLETS, paymentTypeFromElement } from "../../lib/domain/pay-button.ts";
import {
  type CardField,
  type CardInput,
  needsCard,
  paymentSupported,
  validateCard,
} from "../../lib/domain/payment-amount.ts";
import {
  checkoutFailure,
  PAYMENT_NOT_SUPPORTED,
  UNEXPECTED,
  VALIDATION_ERROR,
} from "../../lib/domain/payment-errors.ts";
import { dueFromRows } from "../../lib/domain/payment-plan.ts";
import { $cart, $cartChecked, adoptCart, initCart, refreshCart } from "../../lib/stores/cart.ts";
import { Dialog } from "../ui/Dialog.tsx";
import { CardFields } from "./CardFields.tsx";
import { asFailure, checkoutCalls, idempotencyKey, reportCheckout } from "./checkout-calls.ts";
import { type CheckoutStrings, checkoutTranslator } from "./checkout-strings.ts";
import { DonationAdd } from "./DonationAdd.tsx";
import { GiftCardForm } from "./GiftCardForm.tsx";
import { IdentityFields } from "./IdentityFields.tsx";
import { PartialAmount, partialPayBody } from "./PartialAmount.tsx";
import { ScheduledPayments } from "./ScheduledPayments.tsx";
import { PayButton } from "./StripePayButton.tsx";
import { StripeSlot } from "./StripeSlot.tsx";
import { payWithStripe } from "./stripe-checkout.ts";
import type { StripeState } from "./stripe-types.ts";
import "./checkout.css";

export interface CheckoutIslandProps {
  seller: string;
  /** The cart of /checkout/{cartId}, read on the server; null on /checkout (the stored cart). */
  initialEnvelope: CartEnvelope | null;
  currency: string;
  locale: string;
  timeZone: string;
  strings: CheckoutStrings;
  /** Spec §5: the terms tick shows only when this is non-empty. */
  termsContent: string;
  /** Spec §2: the captcha privacy notice when a captcha key is configured. */
  captcha: boolean;
  tagManagerId?: string | undefined;
  /** A route-entry problem to show (a 403 proceeds with an error). */
  initialError?: string | undefined;
  /** The seller's donation offer (the donation add), or null when it has none. */
  donation?: DonationOffer | null | undefined;
  /** tenant.payments: the stripe gateway's publishable key when the gateway is "stripe", else unset (test gateway). */
  stripeKey?: string | undefined;
}

/** `focus`: move focus to the message (not when focus goes to the first invalid field instead). */
type Message = { tone: "error" | "success"; lines: string[]; focus: boolean } | null;
const emptyCard = (): CardInput => ({ number: "", expiry: "", cvc: "" });

export default function CheckoutIsland(props: CheckoutIslandProps) {
  const { seller, currency, locale, timeZone, strings, termsContent, tagManagerId } = props;
  const tr = useMemo(() => checkoutTranslator(strings), [strings]);
  const money = useMemo(() => (minor: number) => formatMoney(minor, currency, locale), [currency, locale]);
  const stored = useStore($cart);
  const checked = useStore($cartChecked);
  const [ready, setReady] = useState(false);
  const [identity, setIdentity] = useState(emptyIdentity);
  const [identityErrors, setIdentityErrors] = useState<Partial<Record<IdentityField, IdentityError>>>({});
  const [card, setCard] = useState(emptyCard);
  const [cardErrors, setCardErrors] = useState<Partial<Record<CardField, "required" | "invalid">>>({});
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState<Message>(
    props.initialError ? { tone: "error", lines: [props.initialError], focus: false } : null,
  );
  const [confirmIntent, setConfirmIntent] = useState<string | null>(null);
  const [stripe, setStripe] = useState<StripeState>({ status: "loading" });
  const [payType, setPayType] = useState(() => choosePaymentType(NO_WALLETS));
  const refs = useMemo(
    () =>
      Object.fromEntries(IDENTITY_FIELDS.map((f) => [f, createRef<HTMLInputElement>()])) as Record<
        IdentityField,
        React.RefObject<HTMLInputElement | null>
      >,
    [],
  );
  const messageRef = useRef<HTMLDivElement>(null);
  // One idempotency key per attempt: kept when the answer was lost (network error or timeout), so
  // pressing pay again replays the first request instead of charging twice; dropped on any answer.
  const attemptKey = useRef<string | null>(null);

  useEffect(() => {
    initCart({ seller, ...(tagManagerId ? { tagManagerId } : {}) });
    const initial = props.initialEnvelope;
    if (initial) void adoptCart(initial).finally(() => setReady(true));
    else setReady(true);
  }, [seller, tagManagerId, props.initialEnvelope]);

  const envelope = ready ? (stored?.envelope ?? null) : props.initialEnvelope;
  const cartId = envelope?.cart._data[0]?.id ?? null;
  const outstanding = envelope ? (cartTotals(envelope)?.amountDue ?? 0) : 0;
  // Scheduled payments: the pay button charges the chosen partial amount (test gateway only).
  const scheduled = envelope?.scheduled_payment?._data ?? [];
  const due = dueFromRows(
    scheduled.map((row) => ({ amount: parseMoneyString(row.amount), status: row.status })),
    outstanding,
  );
  const [chosenAmount, setChosenAmount] = useState<number | null>(null);
  const partialPlan = scheduled.length > 0 && !props.stripeKey;
  const charge = partialPlan && chosenAmount !== null ? Math.min(chosenAmount, outstanding) : outstanding;

  // begin_checkout once per cart (the ref remembers which cart was reported).
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!cartId || reported.current === cartId) return;
    reported.current = cartId;
    reportCheckout(tagManagerId, "begin_checkout", {
      cart_id: cartId,
      value: toMoneyString(outstanding),
      currency,
    });
  }, [cartId, tagManagerId, outstanding, currency]);

  useEffect(() => {
    if (message?.focus) messageRef.current?.focus();
  }, [message]);

  function show(tone: "error" | "success", ...lines: string[]) {
    setMessage({ tone, lines, focus: true });
  }

  function handleAnswer(answer: CheckoutAnswer) {
    const result = answer.checkout_result._data[0];
    if (!result || !cartId) return show("error", UNEXPECTED);
    if (result.status === "completed") {
      reportCheckout(tagManagerId, "purchase", {
        transaction_id: result.ticket_order_ids.join(","),
        value: result.amount_paid,
        currency,
      });
      const ids = result.ticket_order_ids.map(encodeURIComponent).join(",");
      window.location.assign(`/${seller}/checkout/complete?orderIds=${ids}`);
      return;
    }
    if (result.status === "pending") {
      const reference = result.reference ? `?reference=${encodeURIComponent(result.reference)}` : "";
      window.location.assign(`/${seller}/checkout/pending/${encodeURIComponent(cartId)}${reference}`);
      return;
    }
    // Partial: stay, say what was paid and when the next payment is due; clear the card and the tick.
    const lines = [tr("checkout.partial", { amount: money(parseMoneyString(result.amount_paid)) })];
    if (result.next_due_date)
      lines.push(tr("checkout.partial.next", { date: formatOrderDate(result.next_due_date, timeZone) }));
    show("success", ...lines);
    setCard(emptyCard());
    setTerms(false);
    void refreshCart().catch(() => undefined);
  }

  function handleFailure(error: unknown) {
    const failure = checkoutFailure(asFailure(error));
    switch (failure.kind) {
      case "requires_action":
        setConfirmIntent(failure.paymentIntentId);
        return;
      case "booked":
        window.location.assign(
          `/${seller}/checkout/complete?orderIds=${encodeURIComponent(failure.orderId)}`,
        );
        return;
      case "expired":
        // The store clears the cart; the cart widget's expiry modal takes over.
        show("error", tr("checkout.expired"));
        void refreshCart().catch(() => undefined);
        return;
      case "message":
        if (failure.refreshCart) void refreshCart().catch(() => undefined);
        show("error", failure.message);
    }
  }

  /** Checks the form; returns the body to send, or null (the errors are shown). */
  function prepare(paymentIntentId: string | null): CheckoutBody | null {
    const idCheck = validateIdentity(identity);
    const cardDue = needsCard(outstanding);
    const cardCheck = cardDue && !paymentIntentId && !props.stripeKey ? validateCard(card, new Date()) : null;
    const termsOk = termsContent.trim() === "" || terms;
    setIdentityErrors(idCheck.ok ? {} : idCheck.errors);
    setCardErrors(cardCheck && !cardCheck.ok ? cardCheck.errors : {});
    setTermsError(!termsOk);
    if (!idCheck.ok || (cardCheck && !cardCheck.ok) || !termsOk) {
      const field = idCheck.ok ? null : firstInvalidField(idCheck.errors);
      if (field) refs[field].current?.focus();
      setMessage({ tone: "error", lines: [VALIDATION_ERROR], focus: field === null });
      return null;
    }
    if (cardDue && !paymentSupported(charge, currency)) {
      show("error", PAYMENT_NOT_SUPPORTED);
      return null;
    }
    attemptKey.current = attemptKey.current ?? idempotencyKey();
    let gatewayData: Record<string, string | number> = {};
    if (paymentIntentId) gatewayData = { payment_intent_id: paymentIntentId };
    else if (cardCheck?.ok) gatewayData = { ...cardCheck.card };
    return {
      gateway_id: cardDue ? (props.stripeKey ? "stripe" : "test") : "free",
      gateway_data: gatewayData,
      ...(cardDue ? { amount: toMoneyString(charge) } : {}),
      identity: idCheck.identity,
      send_email: true,
      idempotency_key: attemptKey.current,
    };
  }

  async function pay(paymentIntentId: string | null = null) {
    if (!cartId || submitting) return;
    const body = prepare(paymentIntentId);
    if (!body) return;
    setSubmitting(true);
    setMessage(null);
    try {
      if (props.stripeKey && cardDue && !paymentIntentId) {
        if (stripe.status !== "ready") return;
        const outcome = await payWithStripe(stripe.port, cartId, body);
        if (outcome.kind !== "error" || asFailure(outcome.error).status !== 0) attemptKey.current = null;
        if (outcome.kind === "answer") handleAnswer(outcome.answer);
        else if (outcome.kind === "error") handleFailure(outcome.error);
        else {
          if (outcome.refreshCart) void refreshCart().catch(() => undefined);
          show("error", outcome.message);
        }
        return;
      }
      const calls = await checkoutCalls();
      handleAnswer(
        charge < outstanding
          ? await calls.pay(cartId, partialPayBody(body, toMoneyString(charge)))
          : await calls.guestCheckout(cartId, body),
      );
      attemptKey.current = null;
    } catch (error) {
      if (asFailure(error).status !== 0) attemptKey.current = null;
      handleFailure(error);
    } finally {
      setSubmitting(false);
    }
  }

  if (!envelope || !cartId) {
    if (!ready || !checked) return <p className="checkout-loading">{tr("checkout.loading")}</p>;
    return (
      <section className="checkout-empty" aria-labelledby="checkout-empty-title">
        <h2 id="checkout-empty-title">{tr("checkout.empty.title")}</h2>
        {message && <p role="alert">{message.lines.join(" ")}</p>}
        <p>{tr("checkout.empty.body")}</p>
        <a className="button" href={`/${seller}/events`}>
          {tr("checkout.empty.cta")}
        </a>
      </section>
    );
  }

  const cardDue = needsCard(outstanding);
  const payLabel = cardDue ? tr("checkout.pay", { amount: money(charge) }) : tr("checkout.complete");
  const payBlocked = Boolean(props.stripeKey) && cardDue && stripe.status !== "ready";

  return (
    <div className="checkout" data-hydrated={ready ? "true" : undefined}>
      <div
        ref={messageRef}
        tabIndex={-1}
        className={message ? `checkout-message checkout-message--${message.tone}` : "checkout-message"}
        role={message?.tone === "error" ? "alert" : "status"}
      >
        {message?.lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      <ScheduledPayments
        rows={scheduled}
        outstanding={outstanding}
        timeZone={timeZone}
        money={money}
        tr={tr}
      />
      {partialPlan && cardDue ? (
        <PartialAmount
          due={due}
          outstanding={outstanding}
          money={money}
          tr={tr}
          disabled={submitting}
          onChange={setChosenAmount}
        />
      ) : null}
      {props.donation ? (
        <DonationAdd offer={props.donation} money={money} tr={tr} disabled={submitting} />
      ) : null}
      {cardDue ? (
        <GiftCardForm
          seller={seller}
          cartId={cartId}
          outstanding={outstanding}
          money={money}
          tr={tr}
          disabled={submitting}
          onPaid={handleAnswer}
        />
      ) : null}
      <form
        id="checkout-form"
        className="checkout-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void pay();
        }}
      >
        <IdentityFields
          value={identity}
          errors={identityErrors}
          refs={refs}
          tr={tr}
          onChange={(field, value) => setIdentity((current) => ({ ...current, [field]: value }))}
        />
        <fieldset className="checkout-section">
          <legend>{tr("checkout.payment.title")}</legend>
          {cardDue && props.stripeKey ? (
            <StripeSlot
              publishableKey={props.stripeKey}
              amountMinor={outstanding}
              currency={currency}
              loadingText={tr("checkout.stripe.loading")}
              failedText={tr("checkout.stripe.loadFailed")}
              onState={setStripe}
              onPaymentType={(reported) => setPayType(paymentTypeFromElement(reported))}
            />
          ) : cardDue ? (
            <>
              <p className="muted">{tr("checkout.payment.testNotice")}</p>
              <CardFields
                value={card}
                errors={cardErrors}
                tr={tr}
                onChange={(field, value) => setCard((current) => ({ ...current, [field]: value }))}
              />
            </>
          ) : (
            <p>{tr("checkout.nothingDue")}</p>
          )}
        </fieldset>
        {termsContent.trim() !== "" && (
          <div className={`checkout-terms${termsError ? " checkout-field--invalid" : ""}`}>
            <input
              id="checkout-terms"
              type="checkbox"
              checked={terms}
              aria-invalid={termsError ? true : undefined}
              aria-describedby={termsError ? "checkout-terms-error" : undefined}
              onChange={(event) => {
                setTerms(event.currentTarget.checked);
                setTermsError(false);
              }}
            />
            <label htmlFor="checkout-terms">{tr("checkout.terms.accept")}</label>
            <button type="button" className="link-button" onClick={() => setTermsOpen(true)}>
              {tr("checkout.terms.view")}
            </button>
            {termsError && (
              <p id="checkout-terms-error" className="checkout-field__error">
                {tr("checkout.error.terms")}
              </p>
            )}
          </div>
        )}
        {props.captcha && <p className="checkout-captcha muted">{tr("checkout.captcha")}</p>}
        <PayButton
          type={payType}
          cardAmountMinor={cardDue ? outstanding : 0}
          label={submitting ? tr("checkout.paying") : payLabel}
          walletLabel={(wallet) => tr(`checkout.wallet.${wallet}`, { amount: money(outstanding) })}
          submitting={submitting}
          disabled={payBlocked}
        />
      </form>
      <div className="checkout-footer">
        <p className="checkout-footer__total">
          <span>{tr("checkout.totalToPay")}</span> <strong>{money(outstanding)}</strong>
        </p>
        <button
          type="submit"
          form="checkout-form"
          className="button"
          disabled={submitting || payBlocked}
          tabIndex={-1}
          aria-hidden="true"
        >
          {payLabel}
        </button>
      </div>
      <Dialog open={termsOpen} title={tr("checkout.terms.title")} onClose={() => setTermsOpen(false)}>
        <p className="checkout-terms__content">{termsContent}</p>
      </Dialog>
      <Dialog
        open={confirmIntent !== null}
        title={tr("checkout.confirm.title")}
        onClose={() => setConfirmIntent(null)}
        actions={
          <>
            <button type="button" className="button button--secondary" onClick={() => setConfirmIntent(null)}>
              {tr("checkout.confirm.cancel")}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                const intent = confirmIntent;
                setConfirmIntent(null);
                void pay(intent);
              }}
            >
              {tr("checkout.confirm.action")}
            </button>
          </>
        }
      >
        <p>{tr("checkout.confirm.body")}</p>
      </Dialog>
    </div>
  );
}
