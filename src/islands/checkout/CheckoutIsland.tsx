/**
 * The checkout island (spec 2 §2 "Checkout screen", §4, §8): gift cards first, then the purchaser
 * identity form, the terms tick, the test card form (or nothing when the total is 0: the free
 * gateway) and the pay button labelled with the amount; a mobile footer with 'Total to pay'.
 * Results route per §4: completed → /checkout/complete, pending → /checkout/pending/{cartId},
 * partial stays with the success message (the calls: useCheckoutPayment.ts). A cart blocked until a
 * code is entered shows the code form and keeps pay disabled. The rules live in src/lib/domain;
 * the cart sidebar is the cart widget (CartAside), which shares the cart store.
 *
 * This module puts the parts together: the cart (useCheckoutCart), the purchaser's details
 * (useIdentityEntry), the payment entry (usePaymentEntry) and the payment (useCheckoutPayment).
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { ticketCount } from "../../lib/domain/cart-items.ts";
import { formatMoney } from "../../lib/domain/money.ts";
import { payWaits } from "../../lib/domain/pay-button.ts";
import { needsCard } from "../../lib/domain/payment-amount.ts";
import { chargeFor } from "../../lib/domain/payment-plan.ts";
import { boughtItems as itemsOf, type PlanOrderConfirmation } from "../../lib/domain/plan-order.ts";
import { IslandForm } from "../ui/IslandForm.tsx";
import { CaptchaNotice } from "./CaptchaNotice.tsx";
import { ConfirmPaymentDialog, TermsDialog } from "./CheckoutDialogs.tsx";
import { CheckoutEmpty } from "./CheckoutEmpty.tsx";
import { CheckoutFooter } from "./CheckoutFooter.tsx";
import { CheckoutMessageArea } from "./CheckoutMessageArea.tsx";
import { CodeRequiredForm } from "./CodeRequiredForm.tsx";
import { CustomIdentityFields } from "./CustomIdentityFields.tsx";
import { checkoutTranslator } from "./checkout-strings.ts";
import { DonationAdd } from "./DonationAdd.tsx";
import { FeeSummary } from "./FeeSummary.tsx";
import { GiftCardForm } from "./GiftCardForm.tsx";
import { IdentityFields } from "./IdentityFields.tsx";
import { MemberIdentity } from "./MemberIdentity.tsx";
import { PartialAmount } from "./PartialAmount.tsx";
import { PaymentFields } from "./PaymentFields.tsx";
import { PlanOrderPanel } from "./PlanOrderPanel.tsx";
import type { CheckoutIslandProps } from "./props.ts";
import { ScheduledPayments } from "./ScheduledPayments.tsx";
import { PayButton } from "./StripePayButton.tsx";
import { TermsTick } from "./TermsTick.tsx";
import { useBeginCheckoutReport } from "./useBeginCheckoutReport.ts";
import { useCheckoutCart } from "./useCheckoutCart.ts";
import { type CheckoutMessage, captchaFor, useCheckoutPayment } from "./useCheckoutPayment.ts";
import { useIdentityEntry } from "./useIdentityEntry.ts";
import { usePaymentEntry } from "./usePaymentEntry.ts";
import "./checkout.css";

export type { CheckoutIslandProps } from "./props.ts";

export default function CheckoutIsland(props: CheckoutIslandProps) {
  const { seller, currency, locale, timeZone, strings, termsContent, tagManagerId } = props;
  const tr = useMemo(() => checkoutTranslator(strings), [strings]);
  const money = useMemo(() => (minor: number) => formatMoney(minor, currency, locale), [currency, locale]);
  const { ready, checked, envelope, cartId, outstanding, giftCards, scheduled, due } = useCheckoutCart(props);
  const who = useIdentityEntry(envelope, props.member);
  const entry = usePaymentEntry();
  const [message, setMessage] = useState<CheckoutMessage>(
    props.initialError ? { tone: "error", lines: [props.initialError], focus: false } : null,
  );
  const messageRef = useRef<HTMLDivElement>(null);
  const [planOrder, setPlanOrder] = useState<PlanOrderConfirmation | null>(null);
  const boughtItems = useMemo(() => (envelope ? itemsOf(envelope) : []), [envelope]);
  const partialPlan = scheduled.length > 0;
  const charge = chargeFor(outstanding, partialPlan, entry.chosenAmount);
  const { submitting, pay, handleAnswer, confirmIntent, setConfirmIntent } = useCheckoutPayment({
    seller,
    base: props.base,
    cartId,
    currency,
    timeZone,
    locale,
    tagManagerId,
    stripeKey: props.stripeKey,
    termsContent,
    captchaSiteKey: props.captchaSiteKey,
    member: props.member,
    gifteeEmail: envelope?.cart._data[0]?.giftee?.email ?? null,
    outstanding,
    charge,
    identity: who.identity,
    customFields: who.customFields,
    customValues: who.customValues,
    card: entry.card,
    terms: entry.terms,
    stripe: entry.stripe,
    tr,
    money,
    setMessage,
    setErrors: (errors) => {
      who.setIdentityErrors(errors.identity);
      who.setCustomErrors(errors.custom);
      entry.setCardErrors(errors.card);
      entry.setTermsError(errors.terms);
    },
    focusField: who.focusField,
    focusCustom: who.focusCustom,
    onPartial: entry.clearAfterPartial,
    boughtItems,
    onPlanOrder: setPlanOrder,
    afterPayment: props.returnTo,
    edit: props.edit,
  });

  useBeginCheckoutReport(cartId, tagManagerId, outstanding, currency);

  useEffect(() => {
    if (message?.focus) messageRef.current?.focus();
  }, [message]);

  // Spec 2 §4 partial: a plan's first payment booked the order; the buyer stays, with its confirmation.
  if (planOrder)
    return (
      <PlanOrderPanel confirmation={planOrder} timeZone={timeZone} locale={locale} money={money} tr={tr} />
    );

  if (!envelope || !cartId)
    return <CheckoutEmpty loading={!ready || !checked} message={message} base={props.base} tr={tr} />;

  const cardDue = needsCard(outstanding);
  const payLabel = cardDue ? tr("checkout.pay", { amount: money(charge) }) : tr("checkout.complete");
  // Spec §2: a cart blocked until a code is entered shows the code form; pay waits for the code.
  const codeRule = envelope.cart._data[0]?.blocking_rules.find((rule) => rule.code === "code_required");
  const payBlocked = payWaits({
    stripe: Boolean(props.stripeKey),
    cardDue,
    stripeReady: entry.stripe.status === "ready",
    codeRequired: Boolean(codeRule),
  });
  const customBlock =
    who.customFields.length > 0 ? (
      <CustomIdentityFields
        fields={who.customFields}
        values={who.customValues}
        errors={who.customErrors}
        tr={tr}
        onChange={who.setCustomValue}
        register={who.registerCustom}
      />
    ) : null;

  return (
    <div className="checkout" data-hydrated={ready ? "true" : undefined}>
      <CheckoutMessageArea ref={messageRef} message={message} />
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
        locale={locale}
        money={money}
        tr={tr}
      />
      {partialPlan && cardDue ? (
        <PartialAmount
          due={due}
          outstanding={outstanding}
          currency={currency}
          money={money}
          tr={tr}
          disabled={submitting}
          onChange={entry.setChosenAmount}
          instalmentOfOrder={Boolean(props.returnTo) && !props.edit}
        />
      ) : null}
      {props.donation && !props.returnTo ? (
        <DonationAdd offer={props.donation} currency={currency} money={money} tr={tr} disabled={submitting} />
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
          <MemberIdentity member={props.member} custom={customBlock} tr={tr} />
        ) : (
          <IdentityFields
            value={who.identity}
            errors={who.identityErrors}
            refs={who.refs}
            tr={tr}
            onChange={who.setIdentityField}
          >
            {customBlock}
          </IdentityFields>
        )}
        <PaymentFields
          cardDue={cardDue}
          stripeKey={props.stripeKey}
          charge={charge}
          currency={currency}
          walletsOff={props.postCodeAsDiscount}
          onStripeState={entry.setStripe}
          onPaymentType={entry.reportPayType}
          card={entry.card}
          cardErrors={entry.cardErrors}
          onCardField={entry.setCardField}
          tr={tr}
        />
        <FeeSummary envelope={envelope} tr={tr} money={money} />
        {termsContent.trim() !== "" && (
          <TermsTick
            checked={entry.terms}
            error={entry.termsError}
            onTick={entry.tick}
            onView={() => entry.setTermsOpen(true)}
            tr={tr}
          />
        )}
        {props.captchaSiteKey && <CaptchaNotice tr={tr} />}
        <PayButton
          type={entry.payType}
          cardAmountMinor={cardDue ? outstanding : 0}
          label={submitting ? tr("checkout.paying") : payLabel}
          walletLabel={(wallet) => tr(`checkout.wallet.${wallet}`, { amount: money(outstanding) })}
          postCodeAsDiscount={props.postCodeAsDiscount}
          submitting={submitting}
          disabled={payBlocked}
        />
      </IslandForm>
      <CheckoutFooter
        ticketCount={ticketCount(envelope)}
        total={money(outstanding)}
        payLabel={payLabel}
        disabled={submitting || payBlocked}
        tr={tr}
      />
      <TermsDialog
        open={entry.termsOpen}
        content={termsContent}
        onClose={() => entry.setTermsOpen(false)}
        tr={tr}
      />
      <ConfirmPaymentDialog
        open={confirmIntent !== null}
        onCancel={() => setConfirmIntent(null)}
        onConfirm={() => {
          const intent = confirmIntent;
          setConfirmIntent(null);
          void pay(intent);
        }}
        tr={tr}
      />
    </div>
  );
}
