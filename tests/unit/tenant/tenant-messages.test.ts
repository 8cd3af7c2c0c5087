/**
 * DESIGN §7: "Every UI text can be overridden per tenant. Today the login, passcode,
 * payment and availability messages are hard-coded: the domain returns message ids, and the
 * tenant's strings give the words." Also: "Money texts follow the tenant's currency" and "The
 * captcha notice names the provider actually used (hCaptcha today, not reCAPTCHA)".
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CaptchaNotice } from "../../../src/islands/checkout/CaptchaNotice.tsx";
import {
  type CheckoutStrings,
  checkoutTranslator,
  isCheckoutStringKey,
} from "../../../src/islands/checkout/checkout-strings.ts";
import {
  isLoginStringKey,
  type LoginStrings,
  loginMessage,
  loginTranslator,
} from "../../../src/islands/login/login-strings.ts";
import { remainingCapacityMessage } from "../../../src/lib/domain/availability.ts";
import { CAPTCHA_PROVIDER, captchaNoticeParts } from "../../../src/lib/domain/captcha-notice.ts";
import { LOGIN_MESSAGE } from "../../../src/lib/domain/login-input.ts";
import { loginError, passcodeOutcome } from "../../../src/lib/domain/login-steps.ts";
import { messageText } from "../../../src/lib/domain/messages.ts";
import { giftCardEmpty, giftCardFailure, PAYMENT_MESSAGE } from "../../../src/lib/domain/payment-errors.ts";
import { ledgerEmpty, zeroBalanceText } from "../../../src/lib/server/payments/errors.ts";
import { incorrectPassword, otpIncorrect } from "../../../src/lib/server/services/auth/errors.ts";
import { getTenant } from "../../../src/lib/tenant/load.ts";
import type { Tenant } from "../../../src/lib/tenant/schema.ts";
import { defaultStrings, t, tMessage } from "../../../src/lib/tenant/strings.ts";

/** The island props the pages build: every key of the island's prefix, the tenant's words. */
function loginStrings(tenant: Pick<Tenant, "strings">): LoginStrings {
  return Object.fromEntries(
    Object.keys(defaultStrings)
      .filter(isLoginStringKey)
      .map((key) => [key, t(tenant, key)]),
  ) as LoginStrings;
}
function checkoutStrings(tenant: Pick<Tenant, "strings">): CheckoutStrings {
  return Object.fromEntries(
    Object.keys(defaultStrings)
      .filter(isCheckoutStringKey)
      .map((key) => [key, t(tenant, key)]),
  ) as CheckoutStrings;
}

const plainTenant = { strings: {} };
const overriding = {
  strings: {
    "login.error.incorrectPassword": "Wrong password, shipmate. Try again.",
    "login.error.passcodeAttemptsLeft": "{count} tries left.",
    "checkout.giftCard.empty": "This card is empty ({zero} left).",
    "checkout.error.validation": "Please check the form.",
  },
};

function tenant(slug: string): Tenant {
  const found = getTenant(slug);
  if (!found) throw new Error(`no tenant ${slug}`);
  return found;
}
const moneyOf = (of: Tenant) => ({ currency: of.portal.default_currency_code, locale: of.locale });

describe("DESIGN §7 'Domain code returns message ids, not words': a tenant override changes the words shown", () => {
  it("a login string: the login island shows the tenant's words for the domain's message", () => {
    const error = loginError("incorrect_password", null);
    expect(error.message).toEqual({ id: LOGIN_MESSAGE.incorrectPassword });
    expect(loginMessage(loginTranslator(loginStrings(plainTenant)), error.message)).toBe(
      "That is not the correct password. Please try again",
    );
    const tr = loginTranslator(loginStrings(overriding));
    expect(loginMessage(tr, error.message)).toBe("Wrong password, shipmate. Try again.");
    expect(loginMessage(tr, passcodeOutcome("otp_incorrect", 2).attempts ?? { text: "" })).toBe(
      "2 tries left.",
    );
  });

  it("a login string: the API's _description takes the seller's words, the defaults without a tenant", () => {
    expect(incorrectPassword().message).toBe("That is not the correct password. Please try again");
    expect(incorrectPassword(overriding).message).toBe("Wrong password, shipmate. Try again.");
    expect(otpIncorrect(1, overriding).items[0]?._extra).toMatchObject({ message: "1 tries left." });
    expect(otpIncorrect(1).items[0]?._extra).toMatchObject({
      message: "You have 1 more attempt before you need to request a new login link.",
    });
  });

  it("a payment string: the checkout island shows the tenant's words for the domain's message", () => {
    const empty = giftCardFailure(
      { status: 422, code: "ledger_empty", description: "", extra: {} },
      { currency: "USD", locale: "en-US" },
    );
    expect(messageText(empty, checkoutTranslator(checkoutStrings(plainTenant)))).toBe(
      "Gift Card balance is $0",
    );
    const tr = checkoutTranslator(checkoutStrings(overriding));
    expect(messageText(empty, tr)).toBe("This card is empty ($0 left).");
    expect(tr(PAYMENT_MESSAGE.validation)).toBe("Please check the form.");
  });

  it("an availability string: 'Hurry, less than 10 tickets available.' by default, the tenant's words when set", () => {
    const hurry = remainingCapacityMessage(4, false);
    expect(hurry && tMessage(plainTenant, hurry)).toBe("Hurry, less than 10 tickets available.");
    const zoo = { strings: { "reserve.remaining.hurry": "Almost gone!" } };
    expect(hurry && tMessage(zoo, hurry)).toBe("Almost gone!");
  });
});

describe("'Money texts follow the tenant's currency. \"Gift Card balance is $0\" shows £ on the zoo'", () => {
  it("harbour-museum (USD, en-US) says $0; riverside-zoo (GBP, en-GB) says £0, in the island and the API", () => {
    const museum = tenant("harbour-museum");
    const zoo = tenant("riverside-zoo");
    expect(tMessage(museum, giftCardEmpty(moneyOf(museum)))).toBe("Gift Card balance is $0");
    expect(tMessage(zoo, giftCardEmpty(moneyOf(zoo)))).toBe("Gift Card balance is £0");
    expect(zeroBalanceText(museum.portal.default_currency_code, museum)).toBe("Gift Card balance is $0");
    expect(zeroBalanceText(zoo.portal.default_currency_code, zoo)).toBe("Gift Card balance is £0");
    expect(ledgerEmpty("GBP", zoo).message).toBe("Gift Card balance is £0");
  });
});

describe("'The captcha notice names the provider actually used (hCaptcha today, not reCAPTCHA)'", () => {
  const tr = checkoutTranslator(checkoutStrings(plainTenant));

  it("the provider is hCaptcha, with its privacy policy and terms", () => {
    expect(CAPTCHA_PROVIDER).toEqual({
      name: "hCaptcha",
      privacyUrl: "https://www.hcaptcha.com/privacy",
      termsUrl: "https://www.hcaptcha.com/terms",
    });
  });

  it("'This site is protected by hCaptcha and its Privacy Policy and Terms of Service apply.', with links", () => {
    const parts = captchaNoticeParts(tr("checkout.captcha"), {
      privacy: "Privacy Policy",
      terms: "Terms of Service",
    });
    expect(parts).toEqual([
      { kind: "text", text: "This site is protected by hCaptcha and its " },
      { kind: "link", text: "Privacy Policy", href: "https://www.hcaptcha.com/privacy" },
      { kind: "text", text: " and " },
      { kind: "link", text: "Terms of Service", href: "https://www.hcaptcha.com/terms" },
      { kind: "text", text: " apply." },
    ]);
    const html = renderToStaticMarkup(createElement(CaptchaNotice, { tr }));
    expect(html.replace(/<[^>]+>/g, "")).toBe(
      "This site is protected by hCaptcha and its Privacy Policy and Terms of Service apply.",
    );
    expect(html).toContain('href="https://www.hcaptcha.com/privacy"');
    expect(html).toContain('href="https://www.hcaptcha.com/terms"');
    expect(html).not.toMatch(/reCAPTCHA|Google/);
  });

  it("a tenant's own wording keeps the provider and the links", () => {
    const own = checkoutTranslator(
      checkoutStrings({
        strings: {
          "checkout.captcha": "{provider} guards this form: {privacy}, {terms}.",
          "checkout.captcha.terms": "Terms",
        },
      }),
    );
    const html = renderToStaticMarkup(createElement(CaptchaNotice, { tr: own }));
    expect(html.replace(/<[^>]+>/g, "")).toBe("hCaptcha guards this form: Privacy Policy, Terms.");
    expect(html).toContain('href="https://www.hcaptcha.com/terms"');
  });
});
