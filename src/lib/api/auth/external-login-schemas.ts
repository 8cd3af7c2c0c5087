/**
 * The external login calls (spec 2 §2 login callback path, §7 token exchange with an
 * external identity provider): GET login/external/start redirects the browser to the tenant's
 * OpenID Connect provider; GET login/external/callback (called by the storefront's
 * /{seller}/login/callback page with the provider's query) logs the visitor in.
 */
import { z } from "zod";
import { loginAnswer } from "./schemas.ts";

const param = z.string().max(2000).optional();

export const externalLoginStartQuery = z.object({
  _seller: z.string().max(200).optional(),
  /** Where to go after the login: a same-site path of the seller (anything else goes to its events page). */
  return: param,
  /** The visitor's cart, handed to the user at login like the password login's cart_id (spec 1 §4). */
  cart_id: z.string().max(100).optional(),
});

/** The provider's answer as it arrives at the callback path; other parameters it adds are kept. */
export const externalLoginCallbackQuery = z
  .object({
    _seller: z.string().max(200).optional(),
    code: param,
    state: param,
    iss: param,
    error: param,
    error_description: param,
  })
  .catchall(z.string().max(2000));

export const externalLoginAnswer = loginAnswer.extend({
  /** The same-site path the visitor goes to now (the start's `return`). */
  redirect: z.string(),
});

export type ExternalLoginAnswer = z.infer<typeof externalLoginAnswer>;
