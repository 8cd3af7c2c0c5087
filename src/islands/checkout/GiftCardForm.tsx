/**
 * Gift card entry (spec 2 §5, §8): look the card up (GET ledger), refuse a duplicate, an empty or
 * an inactive card, then pay its share first (POST cart/{id}/pay, gateway ledger). The cards
 * already applied are listed with what each paid, and each can be removed before paying the rest:
 * DELETE my/cart/{id}/payment/{paymentId} credits the card, through the cart store.
 */
import { useState } from "react";
import type { CheckoutAnswer } from "../../lib/api/checkout/schemas.ts";
import { failureOf } from "../../lib/api/errors.ts";
import type { PaidLine } from "../../lib/domain/cart-payments.ts";
import { messageText } from "../../lib/domain/messages.ts";
import { apiMoneyMinor, toMoneyString } from "../../lib/domain/money.ts";
import { giftCardShare } from "../../lib/domain/payment-amount.ts";
import {
  giftCardFailure,
  giftCardNumberProblem,
  giftCardProblem,
  type MoneyFormat,
  PAYMENT_MESSAGE,
  type PaymentMessage,
} from "../../lib/domain/payment-errors.ts";
import { removePayment } from "../../lib/stores/cart.ts";
import { IslandForm } from "../ui/IslandForm.tsx";
import { checkoutCalls, idempotencyKey, paymentCalls } from "./checkout-calls.ts";
import type { CheckoutTranslate } from "./checkout-strings.ts";
import { TextField } from "./TextField.tsx";

export interface GiftCardFormProps {
  seller: string;
  cartId: string;
  outstanding: number;
  money: (minor: number) => string;
  /** The tenant's currency and locale: "Gift Card balance is £0" on a pounds tenant. */
  moneyFormat: MoneyFormat;
  tr: CheckoutTranslate;
  disabled: boolean;
  onPaid: (answer: CheckoutAnswer) => void;
  /** Spec 2 §5: a guest's payment needs a captcha token when the tenant has a key (null = cancelled). */
  captcha: () => Promise<string | null | undefined>;
  /** A logged-in member pays through my/cart/{id}/pay. */
  member: boolean;
  /** The gift card payments already taken toward the cart (domain/cart-payments.ts). */
  applied: readonly PaidLine[];
}

export function GiftCardForm({
  seller,
  cartId,
  outstanding,
  money,
  moneyFormat,
  tr,
  disabled,
  onPaid,
  captcha,
  member,
  applied,
}: GiftCardFormProps) {
  const [number, setNumber] = useState("");
  // The full numbers typed here (answers mask them): the duplicate check of spec 2 §5 before a call.
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const say = (message: PaymentMessage) => messageText(message, tr);
  const failed = (e: unknown) => giftCardFailure(failureOf(e), moneyFormat);

  async function apply() {
    const value = number.trim();
    const problem = giftCardNumberProblem(value);
    setNotice(null);
    if (problem) return setError(say(problem));
    setBusy(true);
    setError(null);
    try {
      const api = await checkoutCalls();
      const ledger = await api.ledger(seller, value).catch((e: unknown) => {
        throw { gift: failed(e) };
      });
      const card = ledger.ledger._data[0];
      if (!card) return setError(tr(PAYMENT_MESSAGE.giftCardNotFound));
      const balance = apiMoneyMinor(card.balance);
      const refused = giftCardProblem(
        { number: card.number, state: card.state, balanceMinor: balance },
        applied.flatMap((line) => typed[line.paymentId] ?? []),
        moneyFormat,
      );
      if (refused) return setError(say(refused));
      const share = giftCardShare(balance, outstanding, moneyFormat.currency);
      const token = await captcha();
      if (token === null) {
        // Spec 2 §8: a dismissed captcha is logged (no personal data) and ignored.
        console.info("checkout: captcha dismissed");
        return;
      }
      const answer = await (await paymentCalls(member))
        .pay(cartId, {
          gateway_id: "ledger",
          gateway_data: { number: card.number },
          amount: toMoneyString(share, moneyFormat.currency),
          idempotency_key: idempotencyKey(),
          ...(token ? { captcha: token } : {}),
        })
        .catch((e: unknown) => {
          throw { gift: failed(e) };
        });
      const known = new Set(applied.map((line) => line.paymentId));
      const taken = answer.payment?._data.find((p) => p.gateway_id === "ledger" && !known.has(p.id));
      if (taken) setTyped((map) => ({ ...map, [taken.id]: card.number }));
      setNumber("");
      setNotice(tr("checkout.giftCard.applied", { amount: money(share) }));
      onPaid(answer);
    } catch (e) {
      const gift = (e as { gift?: PaymentMessage }).gift;
      setError(say(gift ?? failed(e)));
    } finally {
      setBusy(false);
    }
  }

  async function remove(line: PaidLine) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await removePayment(line.paymentId);
      setNotice(tr("checkout.giftCard.removed", { amount: money(line.amount) }));
    } catch (e) {
      setError(say(failed(e)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <IslandForm
      className="checkout-section checkout-giftcard"
      aria-labelledby="checkout-giftcard-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      <h2 id="checkout-giftcard-title">{tr("checkout.giftCard.title")}</h2>
      {applied.length > 0 ? (
        <ul className="checkout-giftcard__applied" data-testid="gift-card-payments">
          {applied.map((line) => (
            <li key={line.paymentId}>
              <span>
                {tr("checkout.giftCard.line", { card: line.card ?? "", amount: money(line.amount) })}
              </span>
              <button
                type="button"
                className="checkout-giftcard__remove"
                aria-label={tr("checkout.giftCard.removeLabel", { card: line.card ?? "" })}
                disabled={disabled || busy}
                onClick={() => void remove(line)}
              >
                {tr("checkout.giftCard.remove")}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {outstanding > 0 ? (
        <div className="checkout-giftcard__row">
          <TextField
            name="gift_card"
            label={tr("checkout.giftCard.number")}
            value={number}
            maxLength={70}
            autoComplete="off"
            required={false}
            onChange={(next) => {
              setNumber(next);
              setError(null);
            }}
            error={error ?? undefined}
          />
          <button
            type="submit"
            className="button button--secondary"
            disabled={disabled || busy || outstanding <= 0}
          >
            {tr("checkout.giftCard.apply")}
          </button>
        </div>
      ) : null}
      <p className="checkout-giftcard__notice" role="status">
        {notice}
      </p>
    </IslandForm>
  );
}
