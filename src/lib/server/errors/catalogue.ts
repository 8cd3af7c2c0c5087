/**
 * Every error the API answers, in one table: its HTTP status, its context (the capability it
 * belongs to, sent as `_context`) and its default English text (`_description`). The contract's
 * error body is `{"_data": [{"_code", "_context", "_description", "_extra"}]}` (DESIGN §3); the
 * codes and many texts are the spec's, so a row here is a promise to the API's clients.
 *
 * A thrower names a row (errors/api-error.ts `fail`) and gets the status from here. It may give
 * its own description (a tenant's words, a text that names the code or the ticket) and, for the
 * generic rows (not_found, forbidden, validation_failed), its own context.
 *
 * A row's key is the `_code` it sends, except where the same code answers with another status in
 * another place (the spec's manage calls, for example): such a row has its own key and names the
 * code it sends in `code`. Rows marked `fromProvider` send the payment provider's own code
 * (Stripe's `card_declined`, `expired_card`, ...), which Foyer does not choose.
 *
 * Texts that are a tenant's words take the default strings' English here (the thrower passes the
 * tenant's); texts the domain or the API schemas already name are taken from there.
 *
 * The model is pretix's `error_messages`: one place to read what can go wrong and what it says.
 */

import {
  REMOVE_TICKETS_CONTEXT,
  RESCHEDULE_CONTACT_TEXT,
  TICKET_NOT_FOUND_TEXT,
  TICKET_STATE_INCORRECT_TEXT,
  TICKETS_TOO_OLD_TEXT,
} from "../../api/manage/edit-schemas.ts";
import { LOGIN_MESSAGE, memberNotFoundMessage } from "../../domain/login-input.ts";
import { NOT_ENROLLED_TEXT } from "../../domain/membership/auto-renew.ts";
import { INVALID_PASSWORD } from "../../domain/password-rules.ts";
import { giftCardEmpty, PAYMENT_MESSAGE } from "../../domain/payment-errors.ts";
import { t, tMessage } from "../../tenant/strings.ts";

/** The statuses the API answers errors with. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 422 | 425 | 429 | 500 | 502 | 503;

export interface CatalogueEntry {
  readonly status: ErrorStatus;
  readonly context: string;
  readonly text: string;
  /** The `_code` sent, when it is not the row's key. */
  readonly code?: string;
  /** The `_code` is the payment provider's (the thrower passes it). */
  readonly fromProvider?: true;
}

export const ERROR_CATALOGUE = {
  // The API itself: routes, bodies, the server's state.
  not_found: { status: 404, context: "", text: "Resource route not found." },
  validation_failed: { status: 400, context: "", text: "Invalid request." },
  forbidden: { status: 403, context: "", text: "You are not allowed to do this." },
  payload_too_large: { status: 413, context: "", text: "The request body is too large." },
  internal_error: {
    status: 500,
    context: "",
    text: "Sorry! Something unexpected happened. Please try again.",
  },
  configuration_refused: { status: 503, context: "", text: "The server's configuration is not usable." },

  // Images (GET /image/...).
  image_not_found: { status: 404, context: "", text: "Resource image not found." },
  invalid_image_path: { status: 400, context: "", text: "Invalid image path." },
  invalid_image_type: {
    status: 400,
    context: "",
    text: "Only jpg, png, webp, gif and avif images are served.",
  },
  invalid_image: { status: 400, context: "", text: "The image could not be processed." },

  // The cart (spec 1 §8).
  cart_expired: { status: 410, context: "cart", text: "Your cart has expired." },
  cart_not_modifiable: { status: 409, context: "cart", text: "This cart can no longer be changed." },

  // Reserving tickets (spec 1 §8 "Reserve").
  event_session_sold_out: {
    status: 409,
    context: "reserve",
    text: "Tickets have sold out for this session.",
  },
  session_capacity_exceeded: {
    status: 409,
    context: "reserve",
    text: "Not enough tickets are available for this session.",
  },
  ticket_group_sold_out: { status: 409, context: "reserve", text: "Tickets have sold out." },
  ticket_group_capacity_exceeded: {
    status: 409,
    context: "reserve",
    text: "Not enough tickets are available.",
  },
  seat_unavailable: {
    status: 409,
    context: "reserve",
    text: "Sorry, the selected seats are no longer available.",
  },
  max_tickets_per_order_exceeded: {
    status: 409,
    context: "reserve",
    text: "You have asked for more tickets than one order can hold.",
  },
  min_tickets_per_order_not_met: {
    status: 409,
    context: "reserve",
    text: "Please order more tickets of this kind.",
  },
  member_limit_exceeded: {
    status: 409,
    context: "reserve",
    text: "Your membership's ticket limit is reached.",
  },
  membership_expires_before_session: {
    status: 409,
    context: "reserve",
    text: "Your membership ends before this date. Please renew your membership to reserve these tickets.",
  },
  renewal_not_open: { status: 409, context: "reserve", text: "Your membership cannot be renewed yet." },
  membership_extend_prompt: {
    status: 409,
    context: "reserve",
    text: "Would you like to extend your membership?",
  },
  membership_already_held: { status: 409, context: "reserve", text: "You already hold this membership." },
  rule_blocks_reserve: {
    status: 409,
    context: "checkout_rules",
    text: "These tickets cannot be reserved or checked out yet.",
  },

  // Promo codes, CityPASS numbers and vouchers in the cart.
  code_not_found: { status: 422, context: "code", text: "This is not a valid code." },
  code_not_yet_valid: { status: 422, context: "code", text: "The code is not valid yet." },
  code_expired: { status: 422, context: "code", text: "The code has expired." },
  code_exhausted: { status: 422, context: "code", text: "The code has already been used." },
  code_held: {
    status: 422,
    context: "code",
    text: "The code is being used in another cart. It is freed if that cart is not checked out.",
  },
  invalid_citypass: { status: 422, context: "code", text: "This is not a valid CityPASS number." },
  duplicate_code: { status: 422, context: "code", text: "The code has already been applied." },
  no_code_benefit: {
    status: 422,
    context: "code",
    text: "The code does not apply to the tickets in your cart.",
  },
  code_needed_by_tickets: {
    status: 409,
    context: "code",
    text: "The code is used by tickets in your cart. Remove those tickets first.",
  },
  /** GET /code/:code: a code the seller does not advertise or know. */
  code_lookup_not_found: {
    status: 404,
    code: "code_not_found",
    context: "",
    text: "This is not a valid promo code.",
  },

  // Checkout (spec 2 §8).
  cart_booked: { status: 409, context: "checkout", text: "The cart has been booked." },
  cart_empty: { status: 400, context: "checkout", text: "There is nothing in this cart to check out." },
  idempotency_key_reused: {
    status: 422,
    context: "checkout",
    text: "This idempotency key was already used with a different request.",
  },
  guest_identity_invalid: {
    status: 422,
    context: "checkout",
    text: "guest_identity_id must name a guest identity of this seller (POST user without a password).",
  },

  // Payments and gift cards (spec 2 §5, §8).
  payment_not_supported: {
    status: 400,
    context: "payment",
    text: t(undefined, PAYMENT_MESSAGE.paymentNotSupported),
  },
  gateway_not_allowed: { status: 400, context: "payment", text: "This payment gateway is not allowed here." },
  gateway_not_configured: { status: 400, context: "payment", text: "The gateway is not configured." },
  payment_intent_mismatch: {
    status: 400,
    context: "payment",
    text: "The payment does not belong to this cart.",
  },
  intent_requires_action: {
    status: 402,
    context: "payment",
    text: "This payment requires additional authentication.",
  },
  payment_provider_error: {
    status: 502,
    context: "payment",
    text: "The payment provider could not process the payment. Please try again.",
  },
  /** A card the provider declined or could not authenticate: 402 with the provider's code. */
  provider_card_error: {
    status: 402,
    context: "payment",
    text: "Your card was declined.",
    fromProvider: true,
  },
  /** A request the provider refused: 400 with the provider's code. */
  provider_request_error: {
    status: 400,
    context: "payment",
    text: "The payment provider refused the request.",
    fromProvider: true,
  },
  payment_not_removable: { status: 409, context: "payment", text: "This payment cannot be removed." },
  refund_failed: { status: 502, context: "payment", text: "The refund failed." },
  /** Removing a payment whose refund could not be made now: the payment stays applied. */
  refund_not_made_yet: {
    status: 503,
    code: "refund_failed",
    context: "payment",
    text: "We are having trouble with that sorry. Please try again later.",
  },
  ledger_empty: {
    status: 422,
    context: "ledger",
    text: tMessage(undefined, giftCardEmpty({ currency: "USD", locale: "en-US" })),
  },
  ledger_inactive: { status: 422, context: "ledger", text: t(undefined, PAYMENT_MESSAGE.giftCardInactive) },
  ledger_insufficient: {
    status: 422,
    context: "ledger",
    text: "The gift card does not cover the total outstanding.",
  },
  duplicate_ledger: { status: 409, context: "ledger", text: t(undefined, PAYMENT_MESSAGE.giftCardDuplicate) },

  // The Stripe webhook.
  invalid_signature: { status: 400, context: "stripe", text: "The webhook signature is not valid." },
  refund_due: {
    status: 503,
    context: "stripe",
    text: "The payment must be refunded and the refund could not be made yet.",
  },

  // Logging in (spec 1 §8, spec 2 §8).
  login_disabled: { status: 403, context: "login", text: t(undefined, LOGIN_MESSAGE.loginDisabled) },
  incorrect_password: { status: 401, context: "login", text: t(undefined, LOGIN_MESSAGE.incorrectPassword) },
  guest_account: { status: 401, context: "login", text: t(undefined, LOGIN_MESSAGE.guestAccount) },
  member_not_found: {
    status: 401,
    context: "login",
    text: tMessage(undefined, memberNotFoundMessage("email")),
  },
  otp_incorrect: { status: 401, context: "login", text: t(undefined, LOGIN_MESSAGE.passcodeInvalid) },
  otp_token_expired: {
    status: 401,
    context: "login",
    text: "This passcode has expired. Please request a new code.",
  },
  not_authorized: { status: 401, context: "login", text: t(undefined, LOGIN_MESSAGE.passcodeNoAttemptsLeft) },
  not_available_yet: {
    status: 425,
    context: "login",
    text: "The passcode is not available yet. Please try again in a moment.",
  },
  rate_limited: { status: 429, context: "rate_limit", text: t(undefined, LOGIN_MESSAGE.rateLimited) },

  // Logging in with an identity provider (spec 2 §8).
  cookies_required: { status: 400, context: "external_login", text: "Please enable cookies and try again" },
  invalid_state: { status: 400, context: "external_login", text: "Invalid state" },
  email_not_verified: {
    status: 403,
    context: "external_login",
    text: "The identity provider has not verified this e-mail address.",
  },
  external_login_refused: {
    status: 401,
    context: "external_login",
    text: "The identity provider did not log the visitor in.",
  },
  external_login_unavailable: {
    status: 502,
    context: "external_login",
    text: "The identity provider could not be reached or refused the login.",
  },

  // Captcha checks.
  captcha_required: {
    status: 400,
    context: "captcha",
    text: "Please complete the captcha check to continue.",
  },
  captcha_failed: {
    status: 400,
    context: "captcha",
    text: "The captcha check did not pass. Please try again.",
  },
  captcha_not_configured: {
    status: 503,
    context: "captcha",
    text: "Checkout is not available right now (the captcha check is not configured).",
  },
  captcha_unavailable: {
    status: 503,
    context: "captcha",
    text: "The captcha check is not available right now. Please try again in a moment.",
  },

  // The account: the user, password resets, resent orders, the profile.
  not_logged_in: { status: 401, context: "user", text: "You are not logged in." },
  identity_exists: {
    status: 409,
    context: "user",
    text: "An account with this email address already exists.",
  },
  email_in_use: {
    status: 409,
    context: "user",
    text: "Another account uses this email address. Please contact us to merge the accounts.",
  },
  reauthentication_required: { status: 403, context: "user", text: t(undefined, "account.proof.required") },
  current_password_incorrect: {
    status: 403,
    context: "user",
    text: t(undefined, "account.proof.passwordIncorrect"),
  },
  change_code_incorrect: { status: 403, context: "user", text: t(undefined, "account.proof.codeIncorrect") },
  change_code_invalid: { status: 403, context: "user", text: t(undefined, "account.proof.codeInvalid") },
  no_email_address: { status: 409, context: "user", text: t(undefined, "account.proof.noEmail") },
  invalid_password: { status: 400, context: "password_reset", text: INVALID_PASSWORD },
  validate_failed: { status: 400, context: "password_reset", text: t(undefined, "account.reset.invalid") },
  no_orders: { status: 404, context: "resend", text: t(undefined, "account.resend.noOrders") },
  read_only_field: {
    status: 400,
    context: "profile",
    text: "Your name cannot be changed here. Please contact us to change it.",
  },
  membership_updates_prevented: {
    status: 403,
    context: "profile",
    text: "Your member details cannot be changed online. Please contact us to change them.",
  },
  saved_method_in_use: {
    status: 409,
    context: "saved_payment_method",
    text: "This card pays for the automatic renewal of your membership. Cancel the automatic renewal first, then remove the card.",
  },

  // Memberships: gifts and auto-renewal.
  validate_not_email: {
    status: 422,
    context: "giftee",
    text: "You cannot gift a membership to yourself",
  },
  not_enrolled: { status: 400, context: "auto_renew", text: NOT_ENROLLED_TEXT },

  // Managing an order (spec 2 §5, §7, §8): removing, rescheduling and cancelling tickets.
  self_edit_disabled: { status: 403, context: "manage", text: RESCHEDULE_CONTACT_TEXT },
  ticket_not_found: { status: 404, context: REMOVE_TICKETS_CONTEXT, text: TICKET_NOT_FOUND_TEXT },
  tickets_too_old: { status: 409, context: REMOVE_TICKETS_CONTEXT, text: TICKETS_TOO_OLD_TEXT },
  ticket_state_incorrect: { status: 409, context: REMOVE_TICKETS_CONTEXT, text: TICKET_STATE_INCORRECT_TEXT },
  cancel_not_allowed: { status: 403, context: "cancel", text: "You must contact us to cancel this order." },
  /** POST ticket_order/{id}/cancel answers the three refusals with 400 and one text. */
  cancel_ticket_not_found: {
    status: 400,
    code: "ticket_not_found",
    context: "cancel",
    text: "No valid tickets found on this order.",
  },
  cancel_tickets_too_old: {
    status: 400,
    code: "tickets_too_old",
    context: "cancel",
    text: "No valid tickets found on this order.",
  },
  cancel_ticket_state_incorrect: {
    status: 400,
    code: "ticket_state_incorrect",
    context: "cancel",
    text: "No valid tickets found on this order.",
  },

  // The back office: staff accounts, logins and API keys.
  staff_exists: {
    status: 409,
    context: "staff",
    text: "A staff member with this e-mail address already exists.",
  },
  staff_setup_link_invalid: {
    status: 410,
    context: "staff",
    text: "This setup link has expired or was already used. Ask an admin to invite you again.",
  },
  staff_login_failed: {
    status: 401,
    context: "staff",
    text: "The e-mail address or the password is not right.",
  },
  staff_second_factor_failed: {
    status: 401,
    context: "staff",
    text: "That code is not right. Enter the newest code from your authenticator app, or a recovery code.",
  },
  staff_second_factor_required: {
    status: 401,
    context: "staff",
    text: "Enter the code from your authenticator app to finish logging in.",
  },
  staff_second_factor_setup_required: {
    status: 403,
    context: "staff",
    text: "Set up a second factor (an authenticator app) before you use the back office.",
  },
  staff_not_logged_in: { status: 401, context: "staff", text: "Log in to the back office first." },
  api_key_invalid: { status: 401, context: "staff", text: "This API key is not valid, or it was revoked." },
  staff_last_admin: {
    status: 409,
    context: "staff",
    text: "This is the last active admin. Make another staff member an admin first, then change this account.",
  },
  // Tickets.
  no_wallet_pass: { status: 404, context: "wallet", text: "This ticket has no wallet pass." },

  // The back office: sessions and members (services/admin).
  /** A staff member or API key whose role does not allow the call (domain/admin/roles.ts). */
  forbidden_for_role: { status: 403, context: "admin", text: "Your role does not allow this." },
  capacity_below_taken: {
    status: 409,
    context: "admin_sessions",
    text: "A session's capacity cannot be below its places already sold and held.",
  },
  member_without_email: {
    status: 409,
    context: "admin_members",
    text: "This member has no e-mail address to send the membership e-mail to.",
  },
  // The back office: orders and refunds by staff.
  refund_exceeds_paid: {
    status: 409,
    context: "refund",
    text: "This refund is more than what is left to refund on the order.",
  },
  refund_over_limit: {
    status: 403,
    context: "refund",
    text: "This refund is above your refund limit. Ask an admin to make it.",
  },
  refund_nothing_left: {
    status: 409,
    context: "refund",
    text: "Nothing is left to refund or cancel on this order.",
  },
  order_ticket_not_booked: {
    status: 409,
    context: "admin_order",
    text: "This ticket is not booked: it was cancelled already.",
  },
  order_not_completed: {
    status: 409,
    context: "admin_order",
    text: "This order's payment has not completed yet.",
  },
  // The back office: the box office's desk sale.
  desk_seats_not_chosen: {
    status: 400,
    context: "desk",
    text: "Seats are not chosen at the desk: sell seated tickets through the shop's seat map.",
  },
  desk_type_not_sold: {
    status: 400,
    context: "desk",
    text: "This ticket type is not sold at the desk (members-only, code, pass and other non-timed tickets).",
  },
  desk_cash_short: {
    status: 400,
    context: "desk",
    text: "The cash tendered is less than the total.",
  },
  // The waiting list of a sold-out session.
  waiting_list_off: {
    status: 409,
    context: "waiting_list",
    text: "This event has no waiting list.",
  },
  waiting_list_closed: {
    status: 409,
    context: "waiting_list",
    text: "The waiting list closed when the session started.",
  },
  waiting_list_not_sold_out: {
    status: 409,
    context: "waiting_list",
    text: "There are places left for this session: book them instead of waiting.",
  },
  waiting_list_already_joined: {
    status: 409,
    context: "waiting_list",
    text: "This e-mail address is already on the waiting list for this session.",
  },
  // An on-sale waiting room guards the event.
  waiting_room_not_on_sale: {
    status: 403,
    context: "waiting_room",
    text: "These tickets are not on sale yet.",
  },
  waiting_room_required: {
    status: 403,
    context: "waiting_room",
    text: "Please join the line for these tickets: you will be let in to buy them in turn.",
  },
  waiting_list_no_places: {
    status: 409,
    context: "waiting_list",
    text: "There are not enough places for this entry's tickets.",
  },
  waiting_list_offer_ended: {
    status: 409,
    context: "waiting_list",
    text: "This offer has ended.",
  },
  waiting_list_entry_ended: {
    status: 409,
    context: "waiting_list",
    text: "This entry is no longer on the waiting list: it became an order, or it ended.",
  },
  // The gate.
  gate_not_admitted: {
    status: 409,
    context: "gate",
    text: "This ticket has not been admitted, so there is no admission to undo.",
  },
  // The back office: staff moving an order's tickets to another session.
  reschedule_ticket_started: {
    status: 409,
    context: "admin_reschedule",
    text: "This ticket's session has started or is over: it can no longer be moved.",
  },
  reschedule_not_session_ticket: {
    status: 409,
    context: "admin_reschedule",
    text: "This ticket is not for a session (a pass, membership or any-date ticket): there is nothing to move.",
  },
  reschedule_other_event: {
    status: 409,
    context: "admin_reschedule",
    text: "Tickets move only to another session of the same event.",
  },
  reschedule_session_unavailable: {
    status: 409,
    context: "admin_reschedule",
    text: "This session takes no tickets: it is closed, no longer sold, or it has started.",
  },
} as const satisfies Record<string, CatalogueEntry>;

type Catalogue = typeof ERROR_CATALOGUE;

/** A row of the table: naming anything else is a type error. */
export type ErrorCode = keyof Catalogue;

/** The rows whose `_code` is the payment provider's. */
export type ProviderErrorCode = {
  [K in ErrorCode]: Catalogue[K] extends { fromProvider: true } ? K : never;
}[ErrorCode];

/** The rows of one context, for a capability's own error helpers. */
export type CodeIn<Context extends string> = {
  [K in ErrorCode]: Catalogue[K]["context"] extends Context ? K : never;
}[ErrorCode];

/** The `_code` a row sends (its key, unless the row names another). */
export function wireCode(code: ErrorCode): string {
  const entry: CatalogueEntry = ERROR_CATALOGUE[code];
  return entry.code ?? code;
}

/** A row's default English text. */
export function errorText(code: ErrorCode): string {
  return ERROR_CATALOGUE[code].text;
}
