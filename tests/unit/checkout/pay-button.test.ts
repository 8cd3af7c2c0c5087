import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PayButton } from "../../../src/islands/checkout/StripePayButton.tsx";
import {
  choosePaymentType,
  NO_WALLETS,
  payButtonVariant,
  paymentTypeEnabled,
  WALLET_BUTTON_HEIGHT_PX,
  walletAmountMinor,
  walletCountry,
} from "../../../src/lib/domain/pay-button.ts";

describe("payment type (spec 2 §5)", () => {
  it("'Card is chosen if no wallet is supported'", () => {
    expect(choosePaymentType(NO_WALLETS)).toBe("card");
    expect(choosePaymentType(NO_WALLETS, "apple_pay")).toBe("card");
    expect(choosePaymentType(NO_WALLETS, "google_pay")).toBe("card");
  });

  it("'the wallet is preferred when available'", () => {
    expect(choosePaymentType({ apple_pay: false, google_pay: true })).toBe("google_pay");
    expect(choosePaymentType({ apple_pay: true, google_pay: false })).toBe("apple_pay");
    expect(choosePaymentType({ apple_pay: true, google_pay: true })).toBe("apple_pay");
  });

  it("keeps the buyer's pick of card or of a supported wallet", () => {
    expect(choosePaymentType({ apple_pay: true, google_pay: true }, "card")).toBe("card");
    expect(choosePaymentType({ apple_pay: true, google_pay: true }, "google_pay")).toBe("google_pay");
    expect(choosePaymentType({ apple_pay: false, google_pay: true }, "apple_pay")).toBe("google_pay");
  });

  it("'A wallet is disabled when post-code-as-discount is on'", () => {
    expect(paymentTypeEnabled("apple_pay", true)).toBe(false);
    expect(paymentTypeEnabled("google_pay", true)).toBe(false);
    expect(paymentTypeEnabled("apple_pay", false)).toBe(true);
    expect(paymentTypeEnabled("card", true)).toBe(true);
  });
});

describe("pay button (spec 2 §2)", () => {
  it("'the wallet-branded button (height 48 px) when a wallet payment type is chosen, the amount due by card is above 0 and the wallet is enabled'", () => {
    expect(WALLET_BUTTON_HEIGHT_PX).toBe(48);
    expect(payButtonVariant({ type: "apple_pay", cardAmountMinor: 1, postCodeAsDiscount: false })).toBe(
      "wallet",
    );
    expect(payButtonVariant({ type: "google_pay", cardAmountMinor: 2500, postCodeAsDiscount: false })).toBe(
      "wallet",
    );
  });

  it("'otherwise it is the normal button': card, nothing due by card, or the wallet disabled", () => {
    expect(payButtonVariant({ type: "card", cardAmountMinor: 2500, postCodeAsDiscount: false })).toBe(
      "normal",
    );
    expect(payButtonVariant({ type: "apple_pay", cardAmountMinor: 0, postCodeAsDiscount: false })).toBe(
      "normal",
    );
    expect(payButtonVariant({ type: "google_pay", cardAmountMinor: 2500, postCodeAsDiscount: true })).toBe(
      "normal",
    );
  });

  it("the test gateway (no wallet supported) shows the normal button", () => {
    const type = choosePaymentType(NO_WALLETS);
    expect(payButtonVariant({ type, cardAmountMinor: 2500, postCodeAsDiscount: false })).toBe("normal");
  });
});

describe("wallet amounts (spec 2 §5, §9)", () => {
  it("'Wallet payment requests are in minor units (amount times 100, rounded)'", () => {
    expect(walletAmountMinor(25)).toBe(2500);
    expect(walletAmountMinor(19.99)).toBe(1999);
    expect(walletAmountMinor(0.5)).toBe(50);
    expect(walletAmountMinor(1.005)).toBe(100);
  });

  it("'the amount must be a finite number'", () => {
    expect(walletAmountMinor(Number.NaN)).toBeNull();
    expect(walletAmountMinor(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it("'Wallet country is the first two letters of the default currency code'", () => {
    expect(walletCountry("USD")).toBe("US");
    expect(walletCountry("gbp")).toBe("GB");
  });
});

describe("the island's pay button renders the rule (spec 2 §2)", () => {
  const render = (type: "card" | "apple_pay" | "google_pay", cardAmountMinor: number) =>
    renderToStaticMarkup(
      createElement(PayButton, {
        type,
        cardAmountMinor,
        label: "Pay $25.00",
        walletLabel: (wallet) => `wallet ${wallet}`,
        submitting: false,
        disabled: false,
        postCodeAsDiscount: false,
      }),
    );

  it("'the wallet-branded button (height 48 px)' for a chosen wallet with an amount due by card", () => {
    const html = render("apple_pay", 2500);
    expect(html).toContain('data-variant="wallet"');
    expect(html).toContain("height:48px");
    expect(html).toContain("wallet apple_pay");
  });

  it("'otherwise it is the normal button' (card, or nothing due by card)", () => {
    for (const html of [render("card", 2500), render("google_pay", 0)]) {
      expect(html).toContain('data-variant="normal"');
      expect(html).not.toContain("height:48px");
      expect(html).toContain("Pay $25.00");
    }
  });
});

describe("the payment element's reported type", () => {
  it("a wallet the element offers is chosen; anything else is card", async () => {
    const { paymentTypeFromElement } = await import("../../../src/lib/domain/pay-button.ts");
    expect(paymentTypeFromElement("apple_pay")).toBe("apple_pay");
    expect(paymentTypeFromElement("google_pay")).toBe("google_pay");
    expect(paymentTypeFromElement("card")).toBe("card");
    expect(paymentTypeFromElement("us_bank_account")).toBe("card");
  });
});
