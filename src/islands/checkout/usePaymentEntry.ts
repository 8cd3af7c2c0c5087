/**
 * The checkout's payment entry: the test gateway's card fields, the terms tick and its dialog,
 * the Stripe form's state and the payment type it reports, and the partial amount a plan's buyer
 * chose. After a partial payment the card and the tick start again empty.
 */
import { useState } from "react";
import { choosePaymentType, NO_WALLETS, paymentTypeFromElement } from "../../lib/domain/pay-button.ts";
import type { CardField, CardInput } from "../../lib/domain/payment-amount.ts";
import type { StripeState } from "./stripe-types.ts";

const emptyCard = (): CardInput => ({ number: "", expiry: "", cvc: "" });

export function usePaymentEntry() {
  const [card, setCard] = useState(emptyCard);
  const [cardErrors, setCardErrors] = useState<Partial<Record<CardField, "required" | "invalid">>>({});
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [stripe, setStripe] = useState<StripeState>({ status: "loading" });
  const [payType, setPayType] = useState(() => choosePaymentType(NO_WALLETS));
  const [chosenAmount, setChosenAmount] = useState<number | null>(null);

  return {
    card,
    setCardField: (field: CardField, value: string) => setCard((current) => ({ ...current, [field]: value })),
    cardErrors,
    setCardErrors,
    terms,
    /** The tick, which clears its error. */
    tick: (checked: boolean) => {
      setTerms(checked);
      setTermsError(false);
    },
    termsError,
    setTermsError,
    termsOpen,
    setTermsOpen,
    stripe,
    setStripe,
    payType,
    reportPayType: (reported: string) => setPayType(paymentTypeFromElement(reported)),
    chosenAmount,
    setChosenAmount,
    clearAfterPartial: () => {
      setCard(emptyCard());
      setTerms(false);
    },
  };
}
