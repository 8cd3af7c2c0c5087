/**
 * How the back office names a payment's method and where a refund went, instead of a gateway's
 * id: staff read "card ending 4242" or "cash at the desk", never "desk_cash".
 */
export interface PaymentMethodFacts {
  gateway: string;
  cardLast4?: string | null | undefined;
  giftCardNumber?: string | null | undefined;
}

export function paidBy(p: PaymentMethodFacts): string {
  const card = p.cardLast4 ? `card ending ${p.cardLast4}` : "card";
  switch (p.gateway) {
    case "ledger":
      return p.giftCardNumber ? `gift card ${p.giftCardNumber}` : "gift card";
    case "desk_cash":
      return "cash at the desk";
    case "desk_card":
      return `${card} at the desk`;
    case "free":
      return "nothing to pay";
    default:
      return card;
  }
}

export function refundedThrough(gateway: string): string {
  switch (gateway) {
    case "ledger":
      return "the gift card";
    case "desk_cash":
      return "cash at the desk";
    case "desk_card":
      return "the desk's card terminal";
    case "stripe":
      return "Stripe";
    case "test":
      return "the test gateway";
    default:
      return gateway;
  }
}
