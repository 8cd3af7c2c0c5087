/**
 * The checkout island's props: what the checkout page serializes into the page for it.
 */
import type { CartEnvelope } from "../../lib/api/cart/schemas.ts";
import type { DonationOffer } from "../../lib/domain/donation-offer.ts";
import type { PurchaserIdentity } from "../../lib/domain/identity-form.ts";
import type { CheckoutStrings } from "./checkout-strings.ts";

export interface CheckoutIslandProps {
  seller: string;
  /** The router base for links: `/{seller}`, or "" on the tenant's own host name. */
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
   * An order's instalment: `initialEnvelope` is the order's booked cart, whose plan is
   * paid here. The browser's cart store is left alone, and every result goes to this path (the
   * order page).
   */
  returnTo?: string | undefined;
  /**
   * Paying for an order's changes: `initialEnvelope` is the order's edit cart, `returnTo`
   * the manage page. No identity form, gift cards or donation; the order_update mail follows.
   */
  edit?: { orderId: string; token: string } | undefined;
}
