/**
 * The account calls (auth-schemas.ts, spec 1 §7, spec 2 §7): login by passcode, password and
 * member ID, logout, users, password reset and resend. Every call takes `_seller`. They live under
 * /api only (404 under /cached_api), answer no-store, and a write from another origin is refused
 * (sameOriginWrites). Rate limits: services/auth/limits.ts; non-enumeration: services/auth/login.ts.
 */
import { createRoute, z } from "@hono/zod-openapi";
import {
  changeCodeAnswer,
  createUserBody,
  emailBody,
  loginAnswer,
  loginBody,
  myResendBody,
  patchUserBody,
  requestOtpAnswer,
  requestOtpBody,
  resendBody,
  resetBody,
  resetValidateAnswer,
  tokenBody,
  undoEmailChangeAnswer,
  updateUserBody,
  userAnswer,
  verifyOtpBody,
} from "../../../api/auth/schemas.ts";
import { apiErrorBody } from "../../../api/schemas.ts";
import { isValidPassword } from "../../../domain/password-rules.ts";
import { checkProfilePatch, profilePatchInput } from "../../services/account/profile.ts";
import { assertChangeProof, requestChangeCode } from "../../services/auth/change-proof.ts";
import { type AuthCall, authCall, loggedInAt, sessionToken } from "../../services/auth/context.ts";
import {
  noticeEmailChange,
  noticePasswordChange,
  undoEmailChange,
} from "../../services/auth/email-change.ts";
import { invalidPassword, notLoggedIn } from "../../services/auth/errors.ts";
import { enforceLimit } from "../../services/auth/limits.ts";
import { finishLogin, login } from "../../services/auth/login.ts";
import { requestOtp, verifyOtp } from "../../services/auth/otp.ts";
import { resendByEmail, resendMine } from "../../services/auth/resend.ts";
import { requestPasswordReset, resetPassword, validateResetToken } from "../../services/auth/reset.ts";
import { clearSessionCookie, revokeSession } from "../../services/auth/sessions.ts";
import {
  assertEmailFree,
  changesEmail,
  createUser,
  type IdentityRow,
  identityById,
  patchUser,
  updateUser,
  userAnswerOf,
} from "../../services/auth/users.ts";
import { createGuestIdentity } from "../../services/compat/guest-identity.ts";
import type { ApiRouter } from "../router.ts";
import { apiOnly, sameOriginWrites } from "./_shared.ts";

const sellerQuery = z.object({ _seller: z.string().max(200).optional() });
const body = <T extends z.ZodTypeAny>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 425 | 429;
const errors = (...codes: ErrorStatus[]) =>
  Object.fromEntries(
    [400, ...codes].map((code) => [
      code,
      { description: "Error.", content: { "application/json": { schema: apiErrorBody } } },
    ]),
  );
const ok = <T extends z.ZodTypeAny>(schema: T, description: string) => ({
  200: { description, content: { "application/json": { schema } } },
});
const created = <T extends z.ZodTypeAny>(schema: T, description: string) => ({
  201: { description, content: { "application/json": { schema } } },
});
const none = (description: string) => ({ 204: { description } });

const post = <P extends string, T extends z.ZodTypeAny>(path: P, schema: T) => ({
  method: "post" as const,
  path,
  request: { query: sellerQuery, body: body(schema) },
});

const routes = {
  requestOtp: createRoute({
    ...post("/login/request_otp", requestOtpBody),
    responses: { ...ok(requestOtpAnswer, "A passcode token (for any e-mail)."), ...errors(403, 404, 429) },
  }),
  verifyOtp: createRoute({
    ...post("/login/verify_otp", verifyOtpBody),
    responses: { ...ok(loginAnswer, "Logged in; session cookie set."), ...errors(401, 403, 404, 425, 429) },
  }),
  login: createRoute({
    ...post("/login", loginBody),
    responses: { ...ok(loginAnswer, "Logged in; session cookie set."), ...errors(401, 403, 404, 429) },
  }),
  logout: createRoute({
    method: "post",
    path: "/logout",
    request: { query: sellerQuery },
    responses: { ...none("Logged out; the session is revoked and the cookie cleared."), ...errors() },
  }),
  me: createRoute({
    method: "get",
    path: "/my/user",
    request: { query: sellerQuery.extend({ _embed: z.string().max(200).optional() }) },
    responses: { ...ok(userAnswer, "The logged-in identity."), ...errors(401, 404) },
  }),
  createUser: createRoute({
    ...post("/user", createUserBody),
    responses: {
      ...created(userAnswer, "Created and logged in; without a password, a guest identity (no session)."),
      ...errors(404, 409, 429),
    },
  }),
  updateMe: createRoute({
    method: "put",
    path: "/my/user",
    request: { query: sellerQuery, body: body(updateUserBody) },
    responses: { ...ok(userAnswer, "The updated identity."), ...errors(401, 404) },
  }),
  changeCode: createRoute({
    method: "post",
    path: "/my/user/change_code",
    request: { query: sellerQuery },
    responses: {
      ...ok(
        changeCodeAnswer,
        "A code to confirm an e-mail or password change, mailed to the current address.",
      ),
      ...errors(401, 409, 429),
    },
  }),
  undoEmailChange: createRoute({
    ...post("/email_change/undo", tokenBody),
    responses: {
      ...ok(undoEmailChangeAnswer, "The old e-mail and password are back; every session is revoked."),
      ...errors(404, 409, 429),
    },
  }),
  patchUser: createRoute({
    method: "patch",
    path: "/my/user/{id}",
    request: {
      params: z.object({ id: z.string().min(1).max(200) }),
      query: sellerQuery,
      body: body(patchUserBody),
    },
    responses: { ...ok(userAnswer, "The updated identity."), ...errors(401, 403, 404, 409, 429) },
  }),
  resetRequest: createRoute({
    ...post("/password_reset/request", emailBody),
    responses: { ...none("Always, whether or not the e-mail is registered."), ...errors(404, 429) },
  }),
  resetValidate: createRoute({
    ...post("/password_reset/validate", tokenBody),
    responses: { ...ok(resetValidateAnswer, "The link is usable."), ...errors(404, 429) },
  }),
  reset: createRoute({
    ...post("/password_reset/reset", resetBody),
    responses: {
      ...none("The password is set; every session of the account is revoked."),
      ...errors(404, 429),
    },
  }),
  resend: createRoute({
    ...post("/ticket_order/resend", resendBody),
    responses: { ...none("Mailed (always with memberships_only)."), ...errors(404, 429) },
  }),
  resendMine: createRoute({
    ...post("/my/ticket_order/resend", myResendBody),
    responses: { ...none("Mailed."), ...errors(401, 404) },
  }),
};

const AUTH_PATHS = [
  "/login",
  "/login/*",
  "/logout",
  "/my/user",
  "/my/user/*",
  "/user",
  "/password_reset/*",
  "/email_change/*",
  "/ticket_order/resend",
  "/my/ticket_order/resend",
];

async function requireLogin(call: AuthCall): Promise<string> {
  const identityId = await loggedInAt(call);
  if (!identityId) throw notLoggedIn();
  return identityId;
}

async function loggedInIdentity(call: AuthCall, identityId: string): Promise<IdentityRow> {
  const row = await identityById(call.db, identityId);
  if (!row) throw notLoggedIn();
  return row;
}

export function registerAuth(router: ApiRouter): void {
  for (const path of AUTH_PATHS) {
    router.use(path, sameOriginWrites);
    router.use(path, apiOnly());
  }

  router.openapi(routes.requestOtp, async (c) => {
    const call = await authCall(c, c.req.valid("query")._seller);
    return c.json(await requestOtp(call, c.req.valid("json")), 200);
  });
  router.openapi(routes.verifyOtp, async (c) => {
    const call = await authCall(c, c.req.valid("query")._seller);
    return c.json(await verifyOtp(call, c.req.valid("json")), 200);
  });
  router.openapi(routes.login, async (c) => {
    const call = await authCall(c, c.req.valid("query")._seller);
    return c.json(await login(call, c.req.valid("json")), 200);
  });
  router.openapi(routes.logout, async (c) => {
    const { db, clock } = c.get("deps");
    await revokeSession(db, sessionToken(c), clock.now());
    clearSessionCookie(c);
    return c.body(null, 204);
  });
  router.openapi(routes.me, async (c) => {
    const call = await authCall(c, c.req.valid("query")._seller);
    return c.json(await userAnswerOf(call.db, await requireLogin(call)), 200);
  });
  router.openapi(routes.createUser, async (c) => {
    const call = await authCall(c, c.req.valid("query")._seller);
    const input = c.req.valid("json");
    const subject = {
      sellerId: call.seller.id,
      words: call.tenant,
      address: call.address,
      account: input.email,
    };
    await enforceLimit(c, call.db, "create_user", subject, call.now);
    const { password, ...person } = input;
    if (password === undefined) {
      // A guest identity for guest_checkout's guest_identity_id; nobody is logged in.
      const guestId = await createGuestIdentity(call.db, call.seller.id, person, call.now);
      return c.json(await userAnswerOf(call.db, guestId), 201);
    }
    const id = await createUser(call.db, call.seller.id, { ...person, password }, call.now);
    const { cart_id: _unused, ...answer } = await finishLogin(call, id, undefined);
    return c.json(answer, 201);
  });
  router.openapi(routes.updateMe, async (c) => {
    const call = await authCall(c, c.req.valid("query")._seller);
    const identityId = await requireLogin(call);
    const { current_password, change_code, ...update } = c.req.valid("json");
    if (update.password !== undefined) {
      // A bad new password is refused before the proof, so it does not use up a code.
      if (!isValidPassword(update.password)) throw invalidPassword();
      await assertChangeProof(call, await loggedInIdentity(call, identityId), {
        current_password,
        change_code,
      });
    }
    await updateUser(call.db, identityId, update, call.now, sessionToken(c), (tx, row) =>
      noticePasswordChange(tx, call, row),
    );
    return c.json(await userAnswerOf(call.db, identityId), 200);
  });
  router.openapi(routes.patchUser, async (c) => {
    const call = await authCall(c, c.req.valid("query")._seller);
    const identityId = await requireLogin(call);
    const targetId = c.req.valid("param").id;
    const { current_password, change_code, ...patch } = c.req.valid("json");
    const before = await loggedInIdentity(call, identityId);
    const newEmail = targetId === identityId && changesEmail(before, patch.email) ? patch.email : undefined;
    if (newEmail !== undefined) {
      // The profile's own checks and a taken address answer first, so neither uses up a code.
      await checkProfilePatch(call.db, profilePatchInput(call, identityId, targetId, patch));
      await assertEmailFree(call.db, before, newEmail);
      await assertChangeProof(call, before, { current_password, change_code });
    }
    await call.db.transaction(async (tx) => {
      await checkProfilePatch(tx, profilePatchInput(call, identityId, targetId, patch));
      await patchUser(tx, identityId, targetId, patch);
      if (newEmail !== undefined) await noticeEmailChange(tx, call, before, newEmail.trim());
    });
    return c.json(await userAnswerOf(call.db, identityId), 200);
  });
  router.openapi(routes.changeCode, async (c) => {
    const call = await authCall(c, c.req.valid("query")._seller);
    return c.json(await requestChangeCode(call, await requireLogin(call)), 200);
  });
  router.openapi(routes.undoEmailChange, async (c) => {
    const call = await authCall(c, c.req.valid("query")._seller);
    await enforceLimit(
      c,
      call.db,
      "undo_email_change",
      { sellerId: call.seller.id, words: call.tenant, address: call.address },
      call.now,
    );
    const answer = await undoEmailChange(call, c.req.valid("json").token);
    // The browser that undid it is logged out too (every session was revoked).
    clearSessionCookie(c);
    return c.json(answer, 200);
  });
  router.openapi(routes.resetRequest, async (c) => {
    const call = await authCall(c, c.req.valid("query")._seller);
    const { email } = c.req.valid("json");
    const subject = { sellerId: call.seller.id, words: call.tenant, address: call.address, account: email };
    await enforceLimit(c, call.db, "password_reset", subject, call.now);
    await requestPasswordReset(call, email);
    return c.body(null, 204);
  });
  router.openapi(routes.resetValidate, async (c) => {
    const call = await authCall(c, c.req.valid("query")._seller);
    await enforceLimit(
      c,
      call.db,
      "reset_validate",
      { sellerId: call.seller.id, words: call.tenant, address: call.address },
      call.now,
    );
    return c.json({ identity: await validateResetToken(call, c.req.valid("json").token) }, 200);
  });
  router.openapi(routes.reset, async (c) => {
    const call = await authCall(c, c.req.valid("query")._seller);
    const { token, password } = c.req.valid("json");
    await enforceLimit(
      c,
      call.db,
      "reset",
      { sellerId: call.seller.id, words: call.tenant, address: call.address },
      call.now,
    );
    await resetPassword(call, token, password);
    return c.body(null, 204);
  });
  router.openapi(routes.resend, async (c) => {
    const call = await authCall(c, c.req.valid("query")._seller);
    const { email, memberships_only } = c.req.valid("json");
    const subject = { sellerId: call.seller.id, words: call.tenant, address: call.address, account: email };
    await enforceLimit(c, call.db, "resend", subject, call.now);
    await resendByEmail(call, email, memberships_only);
    return c.body(null, 204);
  });
  router.openapi(routes.resendMine, async (c) => {
    const call = await authCall(c, c.req.valid("query")._seller);
    const identityId = await requireLogin(call);
    await resendMine(call, identityId, c.req.valid("json").memberships_only);
    return c.body(null, 204);
  });
}
