/**
 * Gift card entry (spec 2 §5, §8): look the card up (GET ledger), refuse a duplicate or an empty
 * card with the spec's texts, then pay its share first (POST cart/{id}/pay, gateway ledger).
 */
import { useState } from "react";
import type { CheckoutAnswer } from "../../lib/api/checkout-schemas.ts";
import { parseMoneyString, toMoneyString } from "../../lib/domain/money.ts";
import { giftCardShare } from "../../lib/domain/payment-amount.ts";
import {
  GIFT_CARD_NOT_FOUND,
  giftCardFailure,
  giftCardNumberProblem,
  giftCardProblem,
} from "../../lib/domain/payment-errors.ts";
import { asFailure, checkoutCalls, idempotencyKey, paymentCalls } from "./checkout-calls.ts";
import type { CheckoutTranslate } from "./checkout-strings.ts";
import { TextField } from "./TextField.tsx";

export interface GiftCardFormProps {
  seller: string;
  cartId: string;
  outstanding: number;
  money: (minor: number) => string;
  tr: CheckoutTranslate;
  disabled: boolean;
  onPaid: (answer: CheckoutAnswer) => void;
  /** Spec 2 §5: a guest's payment needs a captcha token when the tenant has a key (null = cancelled). */
  captcha: () => Promise<string | null | undefined>;
  /** A logged-in member pays through my/cart/{id}/pay. */
  member: boolean;
}

export function GiftCardForm({
  seller,
  cartId,
  outstanding,
  money,
  tr,
  disabled,
  onPaid,
  captcha,
  member,
}: GiftCardFormProps) {
  const [number, setNumber] = useState("");
  const [applied, setApplied] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function apply() {
    const value = number.trim();
    const problem = giftCardNumberProblem(value);
    setNotice(null);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      const api = await checkoutCalls();
      const ledger = await api.ledger(seller, value).catch((e: unknown) => {
        throw { gift: giftCardFailure(asFailure(e)) };
      });
      const card = ledger.ledger._data[0];
      if (!card) return setError(GIFT_CARD_NOT_FOUND);
      const balance = parseMoneyString(card.balance);
      const refused = giftCardProblem(
        { number: card.number, state: card.state, balanceMinor: balance },
        applied,
      );
      if (refused) return setError(refused);
      const share = giftCardShare(balance, outstanding);
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
          amount: toMoneyString(share),
          idempotency_key: idempotencyKey(),
          ...(token ? { captcha: token } : {}),
        })
        .catch((e: unknown) => {
          throw { gift: giftCardFailure(asFailure(e)) };
        });
      setApplied((list) => [...list, card.number]);
      setNumber("");
      setNotice(tr("checkout.giftCard.applied", { amount: money(share) }));
      onPaid(answer);
    } catch (e) {
      const gift = (e as { gift?: unknown }).gift;
      setError(typeof gift === "string" ? gift : giftCardFailure(asFailure(e)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="checkout-section checkout-giftcard"
      aria-labelledby="checkout-giftcard-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      <h2 id="checkout-giftcard-title">{tr("checkout.giftCard.title")}</h2>
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
      <p className="checkout-giftcard__notice" role="status">
        {notice}
      </p>
    </form>
  );
}
