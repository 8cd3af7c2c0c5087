/**
 * The checkout's payment section: the Stripe form, or the test gateway's card fields, or the note
 * that nothing is due (the free gateway).
 */
import type { CardField, CardInput } from "../../lib/domain/payment-amount.ts";
import { CardFields } from "./CardFields.tsx";
import type { CheckoutTranslate } from "./checkout-strings.ts";
import { StripeSlot } from "./StripeSlot.tsx";
import type { StripeState } from "./stripe-types.ts";

export interface PaymentFieldsProps {
  cardDue: boolean;
  stripeKey: string | undefined;
  charge: number;
  currency: string;
  walletsOff: boolean;
  onStripeState: (state: StripeState) => void;
  onPaymentType: (reported: string) => void;
  card: CardInput;
  cardErrors: Partial<Record<CardField, "required" | "invalid">>;
  onCardField: (field: CardField, value: string) => void;
  tr: CheckoutTranslate;
}

export function PaymentFields(props: PaymentFieldsProps) {
  const { tr } = props;
  return (
    <fieldset className="checkout-section">
      <legend>{tr("checkout.payment.title")}</legend>
      {props.cardDue && props.stripeKey ? (
        <StripeSlot
          publishableKey={props.stripeKey}
          amountMinor={props.charge}
          currency={props.currency}
          loadingText={tr("checkout.stripe.loading")}
          failedText={tr("checkout.stripe.loadFailed")}
          onState={props.onStripeState}
          walletsOff={props.walletsOff}
          onPaymentType={props.onPaymentType}
        />
      ) : props.cardDue ? (
        <>
          <p className="muted">{tr("checkout.payment.testNotice")}</p>
          <CardFields value={props.card} errors={props.cardErrors} tr={tr} onChange={props.onCardField} />
        </>
      ) : (
        <p>{tr("checkout.nothingDue")}</p>
      )}
    </fieldset>
  );
}
