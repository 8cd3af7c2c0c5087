/**
 * The account calls (auth-schemas.ts) over the typed client. Every call carries `_seller`; writes
 * are never retried. 204 answers parse as `unknown`.
 */
import { z } from "zod";
import type { ApiClient } from "../client.ts";
import {
  type CreateUserBody,
  changeCodeAnswer,
  type LoginBody,
  loginAnswer,
  type RequestOtpBody,
  requestOtpAnswer,
  resetValidateAnswer,
  undoEmailChangeAnswer,
  userAnswer,
  type VerifyOtpBody,
} from "./schemas.ts";

const empty = z.unknown();

/** The proof a new e-mail or password needs (auth-schemas.ts changeProof). */
interface ChangeProofBody {
  current_password?: string;
  change_code?: string;
}

export function authApi(client: ApiClient, seller: string) {
  const q = { _seller: seller };
  return {
    requestOtp: (body: RequestOtpBody) => client.send("POST", "login/request_otp", q, body, requestOtpAnswer),
    verifyOtp: (body: VerifyOtpBody) => client.send("POST", "login/verify_otp", q, body, loginAnswer),
    login: (body: LoginBody) => client.send("POST", "login", q, body, loginAnswer),
    logout: () => client.send("POST", "logout", q, {}, empty),
    me: () => client.get("my/user", { ...q, _embed: ["identity", "identity.meta"] }, userAnswer),
    createUser: (body: CreateUserBody) => client.send("POST", "user", q, body, userAnswer),
    updateMe: (body: { first_name?: string; last_name?: string; password?: string } & ChangeProofBody) =>
      client.send("PUT", "my/user", q, body, userAnswer),
    patchUser: (
      id: string,
      body: { email?: string; additional_info?: Record<string, unknown> } & ChangeProofBody,
    ) => client.send("PATCH", `my/user/${encodeURIComponent(id)}`, q, body, userAnswer),
    requestChangeCode: () => client.send("POST", "my/user/change_code", q, undefined, changeCodeAnswer),
    undoEmailChange: (token: string) =>
      client.send("POST", "email_change/undo", q, { token }, undoEmailChangeAnswer),
    requestPasswordReset: (email: string) =>
      client.send("POST", "password_reset/request", q, { email }, empty),
    validateResetToken: (token: string) =>
      client.send("POST", "password_reset/validate", q, { token }, resetValidateAnswer),
    resetPassword: (token: string, password: string) =>
      client.send("POST", "password_reset/reset", q, { token, password }, empty),
    resendTickets: (email: string, membershipsOnly = false) =>
      client.send("POST", "ticket_order/resend", q, { email, memberships_only: membershipsOnly }, empty),
    resendMyTickets: (membershipsOnly = false) =>
      client.send("POST", "my/ticket_order/resend", q, { memberships_only: membershipsOnly }, empty),
  };
}

export type AuthApi = ReturnType<typeof authApi>;
