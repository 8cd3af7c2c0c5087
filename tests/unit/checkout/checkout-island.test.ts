/**
 * Checkout island pieces (spec 2 §2, §4, §5): the code-required form, post-code-as-discount on the
 * pay button and the Payment Element, and when the captcha is asked for.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CodeRequiredForm } from "../../../src/islands/checkout/CodeRequiredForm.tsx";
import {
  type CheckoutStrings,
  checkoutTranslator,
  isCheckoutStringKey,
} from "../../../src/islands/checkout/checkout-strings.ts";
import { PayButton } from "../../../src/islands/checkout/StripePayButton.tsx";
import { paymentElementWallets } from "../../../src/islands/checkout/stripe-port.ts";
import { captchaFor } from "../../../src/islands/checkout/useCheckoutPayment.ts";
import { defaultStrings } from "../../../src/lib/tenant/strings.ts";

const { captchaToken } = vi.hoisted(() => ({
  captchaToken: vi.fn<(siteKey: string) => Promise<string | null>>(),
}));
vi.mock("../../../src/islands/checkout/captcha.ts", () => ({ captchaToken }));

const strings = Object.fromEntries(
  Object.entries(defaultStrings).filter(([key]) => isCheckoutStringKey(key)),
) as CheckoutStrings;
const tr = checkoutTranslator(strings);

describe("the code-required form (spec 2 §2 'a form for a cart blocked until a code is entered')", () => {
  const html = renderToStaticMarkup(
    createElement(CodeRequiredForm, { description: "A code is required.", strings, tr, disabled: false }),
  );

  it("one labelled 'Code' field", () => {
    const id = /<label for="([^"]+)">Code<\/label>/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`id="${id}"`);
    expect(html.match(/<input/g)).toHaveLength(1);
  });

  it("'apply disabled below minimum' (empty at first); the rule's description is shown", () => {
    expect(html).toMatch(/<button type="submit" class="button" disabled="">Apply<\/button>/);
    expect(html).toContain("A code is required.");
  });

  it("the strings include the promo messages the form's error lookup needs", () => {
    expect(strings["promo.code_not_found"]).toBe('"{code}" is not a valid promo code.');
    expect(strings["reserve.code.label"]).toBe("Code");
  });
});

describe("post-code-as-discount (spec 2 §4 'A wallet is disabled when post-code-as-discount is on')", () => {
  const render = (postCodeAsDiscount: boolean) =>
    renderToStaticMarkup(
      createElement(PayButton, {
        type: "apple_pay",
        cardAmountMinor: 2500,
        label: "Pay $25.00",
        walletLabel: (wallet) => `wallet ${wallet}`,
        submitting: false,
        disabled: false,
        postCodeAsDiscount,
      }),
    );

  it("on: the normal button even when a wallet was chosen; off: the wallet button", () => {
    expect(render(true)).toContain('data-variant="normal"');
    expect(render(true)).toContain("Pay $25.00");
    expect(render(false)).toContain('data-variant="wallet"');
  });

  it("on: the Payment Element offers no wallets; off: its defaults", () => {
    expect(paymentElementWallets(true)).toEqual({ wallets: { applePay: "never", googlePay: "never" } });
    expect(paymentElementWallets(false)).toEqual({});
  });
});

describe("captcha (spec 2 §5 'A captcha token is required for non-logged-in users when a captcha public key is configured')", () => {
  beforeEach(() => {
    captchaToken.mockReset();
  });

  it("asks for a token with the site key for a visitor who is not logged in", async () => {
    captchaToken.mockResolvedValue("token-1");
    expect(await captchaFor("site-key", false)).toBe("token-1");
    expect(captchaToken).toHaveBeenCalledWith("site-key");
  });

  it("'A closed or expired challenge counts as cancel': null comes back", async () => {
    captchaToken.mockResolvedValue(null);
    expect(await captchaFor("site-key", false)).toBeNull();
  });

  it("'Captcha is skipped for logged-in users' and 'only when a public key is configured'", async () => {
    expect(await captchaFor("site-key", true)).toBeUndefined();
    expect(await captchaFor(null, false)).toBeUndefined();
    expect(captchaToken).not.toHaveBeenCalled();
  });
});
