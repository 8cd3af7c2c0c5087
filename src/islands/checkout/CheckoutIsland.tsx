/**
 * The checkout island (spec 2 §2 "Checkout screen", §4, §8): gift cards first, then the purchaser
 * identity form, the terms tick, the test card form (or nothing when the total is 0: the free
 * gateway) and the pay button labelled with the amount; a mobile footer with 'Total to pay'.
 * Results route per §4: completed → /checkout/complete, pending → /checkout/pending/{cartId},
 * partial stays with the success message (the calls: useCheckoutPayment.ts). A cart blocked until a
 * code is entered shows the code form and keeps pay disabled. The rules live in src/lib/domain;
 * the cart sidebar is the cart widget (CartAside), which shares the cart store.
 */
import { createRef, startTransition, useEffect, useMemo, useRef, useState } from "react";
import type { CartEnvelope } from "../../lib/api/cart-schemas.ts";
import { metaRecords } from "../../lib/api/meta.ts";
import { cartTotals, ticketCount } from "../../lib/domain/cart-items.ts";
import { paymentSummary } from "../../lib/domain/cart-payments.ts";
import type { DonationOffer } from "../../lib/domain/donation-offer.ts";
import {
  type CustomErrors,
  type CustomFieldKey,
  type CustomValues,
  cartIdentityForm,
  missingRequiredFields,
  prefillCustomValues,
} from "../../lib/domain/identity-custom-fields.ts";
import {
  emptyIdentity,
  IDENTITY_FIELDS,
  type IdentityError,
  type IdentityField,
  type PurchaserIdentity,
} from "../../lib/domain/identity-form.ts";
import { formatMoney, parseMoneyString, toMoneyString } from "../../lib/domain/money.ts";
import { choosePaymentType, NO_WALLETS, paymentTypeFromElement } from "../../lib/domain/pay-button.ts";
import { type CardField, type CardInput, needsCard } from "../../lib/domain/payment-amount.ts";
import { dueFromRows } from "../../lib/domain/payment-plan.ts";
import { boughtItems as itemsOf, type PlanOrderConfirmation } from "../../lib/domain/plan-order.ts";
import { $cart, $cartChecked, adoptCart, initCart } from "../../lib/stores/cart.ts";
import { CartButtonView } from "../cart/CartButton.tsx";
import { ChoiceInput } from "../ui/ChoiceInput.tsx";
import { Dialog } from "../ui/Dialog.tsx";
import { IslandForm } from "../ui/IslandForm.tsx";
import { useStoreInTransition } from "../ui/useStoreInTransition.ts";
import { CaptchaNotice } from "./CaptchaNotice.tsx";
import { CardFields } from "./CardFields.tsx";
import { CodeRequiredForm } from "./CodeRequiredForm.tsx";
import { CustomIdentityFields } from "./CustomIdentityFields.tsx";
import { reportCheckout } from "./checkout-calls.ts";
import { type CheckoutStrings, checkoutTranslator } from "./checkout-strings.ts";
import { DonationAdd } from "./DonationAdd.tsx";
import { FeeSummary } from "./FeeSummary.tsx";
import { GiftCardForm } from "./GiftCardForm.tsx";
import { IdentityFields } from "./IdentityFields.tsx";
import { PartialAmount } from "./PartialAmount.tsx";
import { PlanOrderPanel } from "./PlanOrderPanel.tsx";
import { ScheduledPayments } from "./ScheduledPayments.tsx";
import { PayButton } from "./StripePayButton.tsx";
import { StripeSlot } from "./StripeSlot.tsx";
import type { StripeState } from "./stripe-types.ts";
import { type CheckoutMessage, captchaFor, useCheckoutPayment } from "./useCheckoutPayment.ts";
import "./checkout.css";

export interface CheckoutIslandProps {
  seller: string;
  /** The router base for links: `/{seller}`, or "" on the tenant's own host name (issue 16). */
  base: string;
  /** The cart of /checkout/{cartId}, read on the server; null on /checkout (the stored cart). */
  initialEnvelope: CartEnvelope | null;
  currency: string;
  locale: string;
  timeZone: string;
  strings: CheckoutStrings;
  /** Spec §5: the terms tick shows only when this is non-empty. */
  termsContent: string;
  /** Spec §2, §5: the captcha site key (the privacy notice shows when set), or null. */
  captchaSiteKey: string | null;
  /**
   * The logged-in member (spec 2 §1 "a logged-in member"): they check out as themselves through
   * my/cart/{id}/checkout, their details shown instead of the identity form, and skip the captcha.
   */
  member: (PurchaserIdentity & { additional_info?: Record<string, unknown> | undefined }) | null;
  /** tenant.payments.post_code_as_discount (spec §4: wallets are disabled when on). */
  postCodeAsDiscount: boolean;
  tagManagerId?: string | undefined;
  /** A route-entry problem to show (a 403 proceeds with an error). */
  initialError?: string | undefined;
  /** The seller's donation offer (the donation add), or null when it has none. */
  donation?: DonationOffer | null | undefined;
  /** tenant.payments: the stripe gateway's publishable key when the gateway is "stripe", else unset (test gateway). */
  stripeKey?: string | undefined;
  /**
   * Issue 13, an order's instalment: `initialEnvelope` is the order's booked cart, whose plan is
   * paid here. The browser's cart store is left alone, and every result goes to this path (the
   * order page).
   */
  returnTo?: string | undefined;
  /**
   * Issue 14, paying for an order's changes: `initialEnvelope` is the order's edit cart, `returnTo`
   * the manage page. No identity form, gift cards or donation; the order_update mail follows.
   */
  edit?: { orderId: string; token: string } | undefined;
}

const emptyCard = (): CardInput => ({ number: "", expiry: "", cvc: "" });

export default function CheckoutIsland(props: CheckoutIslandProps) {
  const { seller, currency, locale, timeZone, strings, termsContent, tagManagerId } = props;
  const tr = useMemo(() => checkoutTranslator(strings), [strings]);
  const money = useMemo(() => (minor: number) => formatMoney(minor, currency, locale), [currency, locale]);
  const stored = useStoreInTransition($cart);
  const checked = useStoreInTransition($cartChecked);
  const [ready, setReady] = useState(false);
  const [identity, setIdentity] = useState(emptyIdentity);
  const [identityErrors, setIdentityErrors] = useState<Partial<Record<IdentityField, IdentityError>>>({});
  const [customEdits, setCustomEdits] = useState<CustomValues>({});
  const [customErrors, setCustomErrors] = useState<CustomErrors>({});
  const customNodes = useRef<Partial<Record<CustomFieldKey, HTMLElement | null>>>({});
  const [card, setCard] = useState(emptyCard);
  const [cardErrors, setCardErrors] = useState<Partial<Record<CardField, "required" | "invalid">>>({});
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [message, setMessage] = useState<CheckoutMessage>(
    props.initialError ? { tone: "error", lines: [props.initialError], focus: false } : null,
  );
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

  useEffect(() => {
    initCart({ seller, ...(tagManagerId ? { tagManagerId } : {}) });
    const initial = props.initialEnvelope;
    const markReady = () => startTransition(() => setReady(true));
    if (initial && !props.returnTo) void adoptCart(initial).finally(markReady);
    else markReady();
  }, [seller, tagManagerId, props.initialEnvelope, props.returnTo]);

  const envelope = props.returnTo
    ? props.initialEnvelope
    : ready
      ? (stored?.envelope ?? null)
      : props.initialEnvelope;
  const cartId = envelope?.cart._data[0]?.id ?? null;
  const outstanding = envelope ? (cartTotals(envelope)?.amountDue ?? 0) : 0;
  // Issue 11: the gift cards already applied, each removable before paying the rest.
  const giftCards = (envelope ? (paymentSummary(envelope)?.lines ?? []) : []).filter((l) => l.removable);
  // Scheduled payments: the pay button charges the chosen partial amount (test gateway only).
  const scheduled = envelope?.scheduled_payment?._data ?? [];
  const due = dueFromRows(
    scheduled.map((row) => ({ amount: parseMoneyString(row.amount), status: row.status })),
    outstanding,
  );
  // Spec 1 §3 identity_form: the custom fields the cart's groups and events ask for. A logged-in
  // buyer sees them only while their identity lacks a required one (prefilled with what it has).
  const identityForm = useMemo(() => {
    const tickets = envelope?.ticket._data ?? [];
    return cartIdentityForm(
      metaRecords(envelope?.meta?._data),
      [...new Set(tickets.map((ticket) => ticket.ticket_group_id))],
      [...new Set(tickets.map((ticket) => ticket.event_template_id))],
    );
  }, [envelope]);
  const memberInfo = props.member?.additional_info;
  const customFields = useMemo(
    () =>
      props.member && missingRequiredFields(identityForm.fields, memberInfo).length === 0
        ? []
        : identityForm.fields,
    [identityForm, props.member, memberInfo],
  );
  const customValues = useMemo(
    () => ({ ...prefillCustomValues(customFields, memberInfo), ...customEdits }),
    [customFields, memberInfo, customEdits],
  );
  const skippedFields = identityForm.skipped.join(",");
  useEffect(() => {
    // Spec 1 §5: undefined custom fields are logged and skipped.
    if (skippedFields) console.info(`checkout: identity_form names undefined fields: ${skippedFields}`);
  }, [skippedFields]);
  const customBlock =
    customFields.length > 0 ? (
      <CustomIdentityFields
        fields={customFields}
        values={customValues}
        errors={customErrors}
        tr={tr}
        onChange={(key, value) => setCustomEdits((current) => ({ ...current, [key]: value }))}
        register={(key, element) => {
          customNodes.current[key] = element;
        }}
      />
    ) : null;
  const [chosenAmount, setChosenAmount] = useState<number | null>(null);
  const [planOrder, setPlanOrder] = useState<PlanOrderConfirmation | null>(null);
  const boughtItems = useMemo(() => (envelope ? itemsOf(envelope) : []), [envelope]);
  const partialPlan = scheduled.length > 0;
  const charge = partialPlan && chosenAmount !== null ? Math.min(chosenAmount, outstanding) : outstanding;
  const { submitting, pay, handleAnswer, confirmIntent, setConfirmIntent } = useCheckoutPayment({
    seller,
    base: props.base,
    cartId,
    currency,
    timeZone,
    tagManagerId,
    stripeKey: props.stripeKey,
    termsContent,
    captchaSiteKey: props.captchaSiteKey,
    member: props.member,
    gifteeEmail: envelope?.cart._data[0]?.giftee?.email ?? null,
    outstanding,
    charge,
    identity,
    customFields,
    customValues,
    card,
    terms,
    stripe,
    tr,
    money,
    setMessage,
    setErrors: (errors) => {
      setIdentityErrors(errors.identity);
      setCustomErrors(errors.custom);
      setCardErrors(errors.card);
      setTermsError(errors.terms);
    },
    focusField: (field) => refs[field].current?.focus(),
    focusCustom: (key) => customNodes.current[key]?.focus(),
    onPartial: () => {
      setCard(emptyCard());
      setTerms(false);
    },
    boughtItems,
    onPlanOrder: setPlanOrder,
    afterPayment: props.returnTo,
    edit: props.edit,
  });

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

  // Spec 2 §4 partial: a plan's first payment booked the order; the buyer stays, with its confirmation.
  if (planOrder) return <PlanOrderPanel confirmation={planOrder} timeZone={timeZone} money={money} tr={tr} />;

  if (!envelope || !cartId) {
    if (!ready || !checked) return <p className="checkout-loading">{tr("checkout.loading")}</p>;
    return (
      <section className="checkout-empty" aria-labelledby="checkout-empty-title">
        <h2 id="checkout-empty-title">{tr("checkout.empty.title")}</h2>
        {message && <p role="alert">{message.lines.join(" ")}</p>}
        <p>{tr("checkout.empty.body")}</p>
        <a className="button" href={`${props.base}/events`}>
          {tr("checkout.empty.cta")}
        </a>
      </section>
    );
  }

  const cardDue = needsCard(outstanding);
  const payLabel = cardDue ? tr("checkout.pay", { amount: money(charge) }) : tr("checkout.complete");
  // Spec §2: a cart blocked until a code is entered shows the code form; pay waits for the code.
  const codeRule = envelope.cart._data[0]?.blocking_rules.find((rule) => rule.code === "code_required");
  const payBlocked = (Boolean(props.stripeKey) && cardDue && stripe.status !== "ready") || Boolean(codeRule);

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
        {message?.link ? (
          <p>
            <a href={message.link.href}>{message.link.text}</a>
          </p>
        ) : null}
      </div>
      {codeRule ? (
        <CodeRequiredForm
          description={codeRule.description}
          strings={strings}
          tr={tr}
          disabled={submitting}
        />
      ) : null}
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
          instalmentOfOrder={Boolean(props.returnTo) && !props.edit}
        />
      ) : null}
      {props.donation && !props.returnTo ? (
        <DonationAdd offer={props.donation} money={money} tr={tr} disabled={submitting} />
      ) : null}
      {!props.edit && (cardDue || giftCards.length > 0) ? (
        <GiftCardForm
          seller={seller}
          cartId={cartId}
          outstanding={outstanding}
          money={money}
          moneyFormat={{ currency, locale }}
          tr={tr}
          disabled={submitting}
          onPaid={handleAnswer}
          captcha={() => captchaFor(props.captchaSiteKey, props.member !== null)}
          member={props.member !== null}
          applied={giftCards}
        />
      ) : null}
      <IslandForm
        id="checkout-form"
        className="checkout-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!payBlocked) void pay();
        }}
      >
        {props.edit ? null : props.member ? (
          <section className="checkout-section" aria-labelledby="checkout-member-title">
            <h2 id="checkout-member-title">{tr("checkout.identity.title")}</h2>
            <p data-testid="checkout-member">
              {tr("checkout.member", {
                name: `${props.member.first_name} ${props.member.last_name}`.trim(),
                email: props.member.email,
              })}
            </p>
            {customBlock ? (
              <>
                <p className="muted">{tr("checkout.identity.custom.memberNote")}</p>
                {customBlock}
              </>
            ) : null}
          </section>
        ) : (
          <IdentityFields
            value={identity}
            errors={identityErrors}
            refs={refs}
            tr={tr}
            onChange={(field, value) => setIdentity((current) => ({ ...current, [field]: value }))}
          >
            {customBlock}
          </IdentityFields>
        )}
        <fieldset className="checkout-section">
          <legend>{tr("checkout.payment.title")}</legend>
          {cardDue && props.stripeKey ? (
            <StripeSlot
              publishableKey={props.stripeKey}
              amountMinor={charge}
              currency={currency}
              loadingText={tr("checkout.stripe.loading")}
              failedText={tr("checkout.stripe.loadFailed")}
              onState={setStripe}
              walletsOff={props.postCodeAsDiscount}
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
        <FeeSummary envelope={envelope} tr={tr} money={money} />
        {termsContent.trim() !== "" && (
          <div className={`checkout-terms${termsError ? " checkout-field--invalid" : ""}`}>
            <ChoiceInput
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
        {props.captchaSiteKey && <CaptchaNotice tr={tr} />}
        <PayButton
          type={payType}
          cardAmountMinor={cardDue ? outstanding : 0}
          label={submitting ? tr("checkout.paying") : payLabel}
          walletLabel={(wallet) => tr(`checkout.wallet.${wallet}`, { amount: money(outstanding) })}
          postCodeAsDiscount={props.postCodeAsDiscount}
          submitting={submitting}
          disabled={payBlocked}
        />
      </IslandForm>
      <div className="checkout-footer">
        <CartButtonView
          count={ticketCount(envelope)}
          label={tr("checkout.footer.cart")}
          countText={(badge) => tr("checkout.footer.cart.count", { count: badge })}
        />
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
      <Dialog
        open={termsOpen}
        title={tr("checkout.terms.title")}
        closeLabel={tr("dialog.close")}
        onClose={() => setTermsOpen(false)}
      >
        <p className="checkout-terms__content">{termsContent}</p>
      </Dialog>
      <Dialog
        open={confirmIntent !== null}
        title={tr("checkout.confirm.title")}
        closeLabel={tr("dialog.close")}
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
