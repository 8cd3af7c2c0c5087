/**
 * The pay button and payment type rules (spec 2 §2 "Checkout screen", §5 "Payment type", §9):
 * the payment type is card, apple_pay or google_pay; card is chosen when no wallet is supported and
 * the wallet is preferred when available; a wallet is disabled when post-code-as-discount is on; the
 * wallet-branded button (48 px high) shows when a wallet type is chosen, the amount due by card is
 * above 0 and the wallet is enabled, otherwise the normal button. Wallet amounts are minor units.
 */
import { minorOfNumber } from "./money.ts";

export const PAYMENT_TYPES = ["card", "apple_pay", "google_pay"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export type WalletType = Exclude<PaymentType, "card">;

/** Spec §9: the wallet button is 48 px high. */
export const WALLET_BUTTON_HEIGHT_PX = 48;

export interface WalletSupport {
  apple_pay: boolean;
  google_pay: boolean;
}

export const NO_WALLETS: WalletSupport = { apple_pay: false, google_pay: false };

export const isWallet = (type: PaymentType): type is WalletType => type !== "card";

/** The supported wallets, Apple Pay first. */
export function supportedWallets(support: WalletSupport): WalletType[] {
  return (["apple_pay", "google_pay"] as const).filter((w) => support[w]);
}

/**
 * The chosen payment type: the buyer's pick when it is card or a supported wallet; otherwise the
 * first supported wallet (the wallet is preferred when available); card when none is supported.
 */
export function choosePaymentType(support: WalletSupport, picked: PaymentType | null = null): PaymentType {
  const wallets = supportedWallets(support);
  if (picked === "card") return "card";
  if (picked && wallets.includes(picked)) return picked;
  return wallets[0] ?? "card";
}

/** The type the provider's payment element reports; a wallet it offers is a supported wallet. */
export function paymentTypeFromElement(reported: string): PaymentType {
  const known = PAYMENT_TYPES.find((t) => t === reported) ?? "card";
  return choosePaymentType({ apple_pay: known === "apple_pay", google_pay: known === "google_pay" }, known);
}

/** Spec §5: a wallet is disabled when post-code-as-discount is on; card is always enabled. */
export function paymentTypeEnabled(type: PaymentType, postCodeAsDiscount: boolean): boolean {
  return !isWallet(type) || !postCodeAsDiscount;
}

export type PayButtonVariant = "wallet" | "normal";

/** Spec §2: the wallet-branded button when a wallet is chosen, card amount > 0 and the wallet is enabled. */
export function payButtonVariant(input: {
  type: PaymentType;
  cardAmountMinor: number;
  postCodeAsDiscount: boolean;
}): PayButtonVariant {
  const { type, cardAmountMinor, postCodeAsDiscount } = input;
  return isWallet(type) && cardAmountMinor > 0 && paymentTypeEnabled(type, postCodeAsDiscount)
    ? "wallet"
    : "normal";
}

/**
 * Spec §5/§9: wallet payment requests are in minor units (amount × 100, × 1000 for KWD, rounded);
 * null unless finite.
 */
export function walletAmountMinor(amount: number, currency?: string): number | null {
  return minorOfNumber(amount, currency);
}

/** Spec §9: the wallet country is the first two letters of the default currency code. */
export function walletCountry(currency: string): string {
  return currency.slice(0, 2).toUpperCase();
}

/**
 * Whether paying waits (spec 2 §2): a card payment through Stripe waits for its form to be ready,
 * and a cart blocked until a code is entered waits for the code.
 */
export function payWaits(input: {
  stripe: boolean;
  cardDue: boolean;
  stripeReady: boolean;
  codeRequired: boolean;
}): boolean {
  return (input.stripe && input.cardDue && !input.stripeReady) || input.codeRequired;
}
