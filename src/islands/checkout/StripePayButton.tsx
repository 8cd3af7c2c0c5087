/**
 * The checkout pay button (spec 2 §2): the wallet-branded button, 48 px high, when a wallet type is
 * chosen, the amount due by card is above 0 and the wallet is enabled; otherwise the normal button.
 * The rule is src/lib/domain/pay-button.ts; post-code-as-discount (the tenant's
 * payments.post_code_as_discount) disables the wallets, so the normal button shows.
 */
import {
  isWallet,
  type PaymentType,
  payButtonVariant,
  WALLET_BUTTON_HEIGHT_PX,
  type WalletType,
} from "../../lib/domain/pay-button.ts";

export interface PayButtonProps {
  type: PaymentType;
  cardAmountMinor: number;
  label: string;
  walletLabel: (wallet: WalletType) => string;
  submitting: boolean;
  disabled: boolean;
  /** Spec §4: a wallet is disabled when post-code-as-discount is on. */
  postCodeAsDiscount: boolean;
}

export function PayButton({
  type,
  cardAmountMinor,
  label,
  walletLabel,
  submitting,
  disabled,
  postCodeAsDiscount,
}: PayButtonProps) {
  const wallet =
    payButtonVariant({ type, cardAmountMinor, postCodeAsDiscount }) === "wallet" && isWallet(type)
      ? type
      : null;
  return (
    <button
      type="submit"
      className={wallet ? "button checkout-pay checkout-pay--wallet" : "button checkout-pay"}
      data-variant={wallet ? "wallet" : "normal"}
      style={
        wallet
          ? { height: WALLET_BUTTON_HEIGHT_PX, background: "#000", color: "#fff", borderColor: "#000" }
          : undefined
      }
      disabled={submitting || disabled}
      aria-busy={submitting}
    >
      {wallet && !submitting ? walletLabel(wallet) : label}
    </button>
  );
}
