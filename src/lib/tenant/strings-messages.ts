/**
 * Default words of the messages the domain returns as ids (DESIGN §7: "Domain code returns message
 * ids, not words"): login and passcode (domain/login-input.ts LOGIN_MESSAGE), payment and gift card
 * (domain/payment-errors.ts PAYMENT_MESSAGE), availability (domain/availability.ts,
 * session-tabs.ts, reserve-errors.ts) and the captcha notice. The texts are the spec's, exactly;
 * spread into strings.ts's defaultStrings, so a tenant overrides them like any other string.
 */
export const loginMessageStrings = {
  "login.error.passcodeRequired": "Enter your 6-character code",
  "login.error.passcodeInvalid": "The passcode you entered is invalid.",
  /** Spec 1 §8, word for word. {s} is "" for one, else "s". */
  "login.error.passcodeAttemptsLeft":
    "You have {count} more attempt{s} before you need to request a new login link.",
  "login.error.passcodeNoAttemptsLeft":
    "You need to request a new login link before attempting to log in with a passcode again.",
  "login.error.cookiesDisabled": "Enable cookies and reload to login.",
  "login.error.loginDisabled": "Login is disabled",
  "login.error.memberNotFoundZip": "Member details not found. Please check your member ID and ZIP code.",
  "login.error.memberNotFoundLastName":
    "Member details not found. Please check your member ID and last name.",
  "login.error.memberNotFoundEmail":
    "Member details not found. Please check your email address and member ID.",
  "login.error.guestAccount":
    "Oops! You have not set a password yet. Please check your email inbox for instructions to set a password, then try again.",
  "login.error.incorrectPassword": "That is not the correct password. Please try again",
  "login.error.unexpected": "Sorry, something unexpected happened. Please try again later.",
  "login.error.rateLimited": "Too many attempts. Please wait a minute and try again.",
  // {wait} is the 429's retry_after, as '3 minutes'.
  "login.error.rateLimitedWait": "Too many attempts. Please wait {wait} and try again.",
} as const;

export const paymentMessageStrings = {
  /** Spec 2 §8: "Your card has not been charged." followed by the provider's message ({detail}). */
  "checkout.error.notCharged": "Your card has not been charged. {detail}",
  "checkout.error.notChargedUnexpected":
    "Your card has not been charged. Sorry, something unexpected happened. Please try again later.",
  "checkout.error.validation":
    "There were errors found in the information you submitted. Please address the errors and re-submit the form.",
  "checkout.error.paymentNotSupported": "Payment is not supported for this amount.",
  "checkout.error.unexpected": "Sorry, something unexpected happened. Please try again later.",
  "checkout.giftCard.duplicate": "Oops! You already applied this gift card",
  /** Spec 2 §5 "Gift Card balance is $0": {zero} is nothing in the tenant's currency and locale. */
  "checkout.giftCard.empty": "Gift Card balance is {zero}",
  /** An inactive card deserves its own message, not the zero-balance one. */
  "checkout.giftCard.inactive": "This gift card is not active. Please contact us for help.",
  "checkout.giftCard.notFound":
    "Sorry, we could not find that gift card. Please check the number and try again.",
  "checkout.giftCard.trouble": "We are having trouble with that sorry. Please try again later.",
  "checkout.giftCard.required": "Please enter a gift card number.",
  "checkout.giftCard.tooLong": "A gift card number has at most {max} characters.",
} as const;

export const availabilityMessageStrings = {
  /** Spec 1 §4 "Availability label", §9 'Hurry, less than 10 tickets available.' ({count} is 10). */
  "reserve.remaining.soldOut": "Sold out",
  "reserve.remaining.hurry": "Hurry, less than {count} tickets available.",
  "reserve.remaining.available": "{count} available",
  /** Spec 1 §4 "Session tabs": an unavailable tab's reason. */
  "reserve.session.tab.notAvailable": "Not available",
  "reserve.session.tab.soldOut": "Sold out",
  "reserve.error.unexpected": "Sorry! Something unexpected happened. Please try again.",
} as const;

/**
 * Spec 2 §5 "a captcha privacy notice", naming the provider the checkout uses (domain
 * captcha-provider.ts): {provider}, and {privacy} and {terms} as links to its policies.
 * hCaptcha's own wording for sites that hide its widget.
 */
export const captchaNoticeStrings = {
  "checkout.captcha": "This site is protected by {provider} and its {privacy} and {terms} apply.",
  "checkout.captcha.privacy": "Privacy Policy",
  "checkout.captcha.terms": "Terms of Service",
} as const;

export const messageStrings = {
  ...loginMessageStrings,
  ...paymentMessageStrings,
  ...availabilityMessageStrings,
  ...captchaNoticeStrings,
} as const;
