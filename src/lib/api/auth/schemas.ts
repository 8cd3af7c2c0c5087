/**
 * The account part of the ticketing API contract (spec 1 §7 login calls, spec 2 §7 password and
 * resend calls). Every call takes `_seller` in the query. Answers that could tell whether an e-mail
 * is registered are the same either way: request_otp always answers a token, password
 * reset requests and forgot-membership always answer 204.
 *
 * | Call | Body | Answer |
 * |---|---|---|
 * | POST login/request_otp | requestOtpBody | 200 requestOtpAnswer; mails the passcode when the account exists |
 * | POST login/verify_otp | verifyOtpBody | 200 loginAnswer + session cookie; errors not_available_yet (425), otp_incorrect (401, _extra.attempts_left), otp_token_expired (401), not_authorized (401) |
 * | POST login | loginBody | 200 loginAnswer + session cookie; errors incorrect_password (401), guest_account (401, mails a password-setup link), member_not_found (401), login_disabled (403), rate_limited (429) |
 * | POST logout | none | 204, session revoked, cookie cleared |
 * | GET my/user?_embed=identity,identity.meta | none | 200 userAnswer; 401 not_logged_in |
 * | POST user | createUserBody | 201 userAnswer + session cookie; 409 identity_exists with _extra.identity_id |
 * | POST user without password | createUserBody | 201 userAnswer of a new guest identity, no session; 409 as above |
 * | PUT my/user | updateUserBody | 200 userAnswer; a new password needs current_password or change_code (403 reauthentication_required, current_password_incorrect, change_code_incorrect, change_code_invalid) and mails a notice |
 * | PATCH my/user/{id} | patchUserBody | 200 userAnswer; 403 for another id; 409 email_in_use (set e-mail); a new e-mail needs the same proof as a new password and mails the old address a notice with an undo link |
 * | POST my/user/change_code | none | 200 changeCodeAnswer: a code mailed to the current address; 409 no_email_address |
 * | POST email_change/undo | tokenBody | 200 undoEmailChangeAnswer: the old e-mail and password are back, every session revoked; 404 not_found |
 * | POST password_reset/request | emailBody | 204 always |
 * | POST password_reset/validate | tokenBody | 200 resetValidateAnswer; 404 not_found / 400 validate_failed |
 * | POST password_reset/reset | resetBody | 204; 400 invalid_password ("Invalid password"); 404 not_found |
 * | POST ticket_order/resend | resendBody | 204; 404 no_orders ("No orders could be found for this email address.") unless memberships_only (then 204 always) |
 * | POST my/ticket_order/resend | myResendBody | 204 |
 *
 * Login and passcode requests are rate limited per account and per address: 429 `rate_limited`
 * with Retry-After, the same whether or not the account exists.
 */
import { z } from "zod";
import { LOGIN_EMAIL_MAX, LOGIN_TEXT_MAX, LOGIN_ZIP_MAX, PASSCODE_LENGTH } from "../../domain/login-input.ts";
import { PASSWORD_MAX } from "../../domain/password-rules.ts";
import { collection, isoDateTime } from "../schemas.ts";

export const EMAIL_MAX = 254;
const email = z.email().max(EMAIL_MAX);
const loginEmail = z.email().max(LOGIN_EMAIL_MAX);
const name = z.string().trim().min(1).max(50);

export const requestOtpBody = z.strictObject({
  provider: z.literal("tix").default("tix"),
  email: loginEmail,
  /** Where the login link in the mail lands, a path on this storefront (e.g. /harbour-museum/events). */
  redirect_path: z
    .string()
    .max(500)
    .regex(/^\/[^/\\]/)
    .optional(),
});
export const requestOtpAnswer = z.object({ token: z.string() });

export const verifyOtpBody = z.strictObject({
  token: z.string().min(16).max(200),
  otp: z.string().trim().length(PASSCODE_LENGTH),
  /** The visitor's current cart, handed to the user on login (spec 1 §4). */
  cart_id: z.string().max(100).optional(),
});

/** POST login: one credential kind per call (spec 1 §3 "Login fields"). */
export const loginBody = z.union([
  z.strictObject({
    credential_type: z.literal("password").default("password"),
    username: loginEmail,
    password: z.string().min(1).max(PASSWORD_MAX),
    cart_id: z.string().max(100).optional(),
  }),
  z.strictObject({
    credential_type: z.literal("scan_code"),
    scan_code: z.string().trim().min(1).max(LOGIN_TEXT_MAX),
    zip_code: z.string().trim().min(1).max(LOGIN_ZIP_MAX).optional(),
    last_name: z.string().trim().min(1).max(LOGIN_TEXT_MAX).optional(),
    username: loginEmail.optional(),
    password: z.string().min(1).max(PASSWORD_MAX).optional(),
    cart_id: z.string().max(100).optional(),
  }),
]);

export const identityResource = z.object({
  id: z.string(),
  /** user | guest */
  kind: z.enum(["user", "guest"]),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  /** True when the e-mail is a no-email placeholder (spec 1 §6): the set-email page applies. */
  has_real_email: z.boolean(),
  additional_info: z.record(z.string(), z.unknown()),
  has_membership: z.boolean(),
});

export const membershipSummary = z.object({
  id: z.string(),
  scan_code: z.string(),
  role: z.string(),
  name: z.string(),
  valid_from: isoDateTime,
  valid_to: isoDateTime,
  auto_renew_state: z.string().nullable(),
});

/** GET my/user (and the answer of login, create and update). */
export const userAnswer = z.object({
  identity: collection(identityResource),
  membership: collection(membershipSummary).optional(),
});
export const loginAnswer = userAnswer.extend({
  /** The cart given to the user at login, when one was sent and could be kept (spec 1 §4). */
  cart_id: z.string().nullable(),
});

export const createUserBody = z.strictObject({
  first_name: name,
  last_name: name,
  email,
  /** Without a password, a guest identity is stored (201, its id; no session). */
  password: z.string().min(1).max(PASSWORD_MAX).optional(),
  additional_info: z.record(z.string().max(100), z.unknown()).optional(),
});
/**
 * The stronger proof a change of the e-mail or password needs (a session alone does not do: a
 * member ID and ZIP code log in): the current password, or the code POST my/user/change_code
 * mailed to the current address. Ignored by calls that change neither.
 */
const changeProof = {
  current_password: z.string().min(1).max(PASSWORD_MAX).optional(),
  change_code: z.string().min(1).max(20).optional(),
};
export const updateUserBody = z.strictObject({
  ...changeProof,
  first_name: name.optional(),
  last_name: name.optional(),
  password: z.string().min(1).max(PASSWORD_MAX).optional(),
  additional_info: z.record(z.string().max(100), z.unknown()).optional(),
});
export const patchUserBody = z.strictObject({
  email: email.optional(),
  ...changeProof,
  additional_info: z.record(z.string().max(100), z.unknown()).optional(),
  /** Read-only on the profile (spec 2 §3): accepted here only to be refused as read_only_field. */
  first_name: z.unknown().optional(),
  last_name: z.unknown().optional(),
});

export const emailBody = z.strictObject({ email });
/** POST my/user/change_code: where the code went, masked (`m***@e***.test`). */
export const changeCodeAnswer = z.object({ sent_to: z.string() });
/** POST email_change/undo: the e-mail the account has again. */
export const undoEmailChangeAnswer = z.object({ email: z.string() });
export const tokenBody = z.strictObject({ token: z.string().min(16).max(200) });
export const resetBody = z.strictObject({
  token: z.string().min(16).max(200),
  password: z.string().min(1).max(PASSWORD_MAX),
});
export const resetValidateAnswer = z.object({
  identity: z.object({ email: z.string() }),
});
export const resendBody = z.strictObject({ email, memberships_only: z.boolean().default(false) });
export const myResendBody = z.strictObject({ memberships_only: z.boolean().default(false) });

export type RequestOtpBody = z.input<typeof requestOtpBody>;
export type VerifyOtpBody = z.input<typeof verifyOtpBody>;
export type LoginBody = z.input<typeof loginBody>;
export type IdentityResource = z.infer<typeof identityResource>;
export type UserAnswer = z.infer<typeof userAnswer>;
export type LoginAnswer = z.infer<typeof loginAnswer>;
export type CreateUserBody = z.input<typeof createUserBody>;
