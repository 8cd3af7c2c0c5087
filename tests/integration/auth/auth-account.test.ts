/**
 * Users, guest accounts, password reset and resend (spec 1 §7, spec 2 §6-§8).
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetValidateAnswer, userAnswer } from "../../../src/lib/api/auth/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { withTestApi } from "../../helpers/api.ts";
import { errorOf } from "../../helpers/cart.ts";
import { call, HM, latestResetToken, mailsTo, RZ, sessionCookie } from "../auth-helpers.ts";

/** The spec's texts (spec 1 §8, spec 2 §8), as the API's _description gives them. */
const TEXT = {
  guestAccount:
    "Oops! You have not set a password yet. Please check your email inbox for instructions to set a password, then try again.",
  resendNoOrders: "No orders could be found for this email address.",
  resetLinkInvalid: "This reset link is not valid. It may have expired.",
} as const;

const api = withTestApi();
const q = "?_seller=harbour-museum";
const STRONG = "Newpass-2026";

beforeEach(() => {
  api.clock.advance(16 * 60 * 1000); // a fresh rate-limit window per test
});

async function loginHm(email: string, password: string) {
  return call(api, "POST", `/api/login${q}`, { username: email, password });
}

describe("POST user, PUT my/user, PATCH my/user/{id}", () => {
  const person = { first_name: "Mary", last_name: "Anning", email: "mary@example.test", password: STRONG };

  it("creates a user (201, logged in) whose password is stored only as an argon2id hash", async () => {
    const r = await call(api, "POST", `/api/user${q}`, person);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const id = userAnswer.parse(r.body).identity._data[0]?.id ?? "";
    const [row] = await api.handle.db.select().from(s.identity).where(eq(s.identity.id, id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(STRONG);
    const me = await call(api, "GET", `/api/my/user${q}`, undefined, { cookie: sessionCookie(r) });
    expect(userAnswer.parse(me.body).identity._data[0]?.email).toBe(person.email);
  });

  it("an existing e-mail (any case): 409 identity_exists with the identity id in _extra", async () => {
    const r = await call(api, "POST", `/api/user${q}`, { ...person, email: HM.guest.email.toUpperCase() });
    expect(r.status).toBe(409);
    expect(errorOf(r)).toMatchObject({ _code: "identity_exists", _extra: { identity_id: "hm-demo-guest" } });
  });

  it("a password that breaks the rules: 400 invalid_password 'Invalid password'", async () => {
    const r = await call(api, "POST", `/api/user${q}`, {
      ...person,
      email: "weak@example.test",
      password: "password",
    });
    expect(r.status).toBe(400);
    expect(errorOf(r)).toMatchObject({ _code: "invalid_password", _description: "Invalid password" });
  });

  it("PUT my/user changes names; a new password revokes the other sessions", async () => {
    const a = await call(api, "POST", `/api/user${q}`, { ...person, email: "put@example.test" });
    const other = await loginHm("put@example.test", STRONG);
    const put = await call(
      api,
      "PUT",
      `/api/my/user${q}`,
      { first_name: "Molly", password: "Another-2026", current_password: STRONG },
      {
        cookie: sessionCookie(a),
      },
    );
    expect(put.status).toBe(200);
    expect(userAnswer.parse(put.body).identity._data[0]?.first_name).toBe("Molly");
    expect((await call(api, "GET", `/api/my/user${q}`, undefined, { cookie: sessionCookie(a) })).status).toBe(
      200,
    );
    expect(
      (await call(api, "GET", `/api/my/user${q}`, undefined, { cookie: sessionCookie(other) })).status,
    ).toBe(401);
    expect((await loginHm("put@example.test", "Another-2026")).status).toBe(200);
  });

  it("set e-mail: 409 email_in_use when another account of the seller has it; 403 for another id", async () => {
    const r = await loginHm(HM.user.email, HM.user.password);
    const cookie = sessionCookie(r);
    const taken = await call(
      api,
      "PATCH",
      `/api/my/user/hm-demo-user${q}`,
      { email: HM.memberEmail.toUpperCase() },
      {
        cookie,
      },
    );
    expect(taken.status).toBe(409);
    expect(errorOf(taken)._code).toBe("email_in_use");
    const notMine = await call(
      api,
      "PATCH",
      `/api/my/user/hm-demo-guest${q}`,
      { email: "x@example.test" },
      { cookie },
    );
    expect(notMine.status).toBe(403);
    const anonymous = await call(api, "PATCH", `/api/my/user/hm-demo-user${q}`, { email: "x@example.test" });
    expect(anonymous.status).toBe(401);
  });

  it("set e-mail to a free address changes it (and the same address in another case is allowed)", async () => {
    const made = await call(api, "POST", `/api/user${q}`, { ...person, email: "move@example.test" });
    const id = userAnswer.parse(made.body).identity._data[0]?.id ?? "";
    const r = await call(
      api,
      "PATCH",
      `/api/my/user/${id}${q}`,
      { email: "Moved@example.test", current_password: STRONG },
      {
        cookie: sessionCookie(made),
      },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(userAnswer.parse(r.body).identity._data[0]?.email).toBe("Moved@example.test");
  });
});

describe("guest accounts (spec 2 §6, §8 guest_account)", () => {
  it("a guest logging in gets 401 guest_account with the spec text and one setup mail per 10 minutes", async () => {
    const first = await loginHm(HM.guest.email, "Anything-1");
    expect(first.status).toBe(401);
    expect(errorOf(first)).toMatchObject({ _code: "guest_account", _description: TEXT.guestAccount });
    const again = await loginHm(HM.guest.email, "Anything-2");
    expect(errorOf(again)._code).toBe("guest_account");
    const mails = await mailsTo(api, HM.guest.email, "password_setup");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("/harbour-museum/user/reset-password?token=");
    api.clock.advance(10 * 60 * 1000);
    await loginHm(HM.guest.email, "Anything-3");
    expect(await mailsTo(api, HM.guest.email, "password_setup")).toHaveLength(2);
  });

  it("the setup link sets the first password: the guest becomes a user and can log in", async () => {
    const zoo = await call(api, "POST", "/api/login?_seller=riverside-zoo", {
      username: RZ.guest.email,
      password: "x",
    });
    expect(errorOf(zoo)._code).toBe("guest_account");
    const token = await latestResetToken(api, RZ.guest.email, "password_setup");
    api.clock.advance(23 * 3600 * 1000); // a setup link lives 24 hours
    const reset = await call(api, "POST", "/api/password_reset/reset?_seller=riverside-zoo", {
      token,
      password: STRONG,
    });
    expect(reset.status).toBe(204);
    const [row] = await api.handle.db.select().from(s.identity).where(eq(s.identity.id, "rz-demo-guest"));
    expect(row?.kind).toBe("user");
    const ok = await call(api, "POST", "/api/login?_seller=riverside-zoo", {
      username: RZ.guest.email,
      password: STRONG,
    });
    expect(ok.status).toBe(200);
  });
});

describe("password reset (spec 2 §7)", () => {
  it("request mails a reset link; validate answers the e-mail; the link is single use and revokes sessions", async () => {
    const session = await loginHm(HM.user.email, HM.user.password);
    const req = await call(api, "POST", `/api/password_reset/request${q}`, { email: HM.user.email });
    expect(req.status).toBe(204);
    const token = await latestResetToken(api, HM.user.email);
    const valid = await call(api, "POST", `/api/password_reset/validate${q}`, { token });
    expect(resetValidateAnswer.parse(valid.body).identity.email).toBe(HM.user.email);

    const weak = await call(api, "POST", `/api/password_reset/reset${q}`, { token, password: "short" });
    expect(errorOf(weak)).toMatchObject({ _code: "invalid_password", _description: "Invalid password" });
    const reset = await call(api, "POST", `/api/password_reset/reset${q}`, { token, password: STRONG });
    expect(reset.status).toBe(204);
    const twice = await call(api, "POST", `/api/password_reset/reset${q}`, {
      token,
      password: "Third-pass-2026",
    });
    expect(twice.status).toBe(404);
    expect(errorOf(twice)._description).toBe(TEXT.resetLinkInvalid);
    const used = await call(api, "POST", `/api/password_reset/validate${q}`, { token });
    expect(used.status).toBe(400);
    expect(errorOf(used)).toMatchObject({
      _code: "validate_failed",
      _description: TEXT.resetLinkInvalid,
    });

    const me = await call(api, "GET", `/api/my/user${q}`, undefined, { cookie: sessionCookie(session) });
    expect(me.status).toBe(401);
    expect((await loginHm(HM.user.email, STRONG)).status).toBe(200);
    expect((await loginHm(HM.user.email, HM.user.password)).status).toBe(401);
  });

  it("a reset link expires after 1 hour", async () => {
    await call(api, "POST", `/api/password_reset/request${q}`, { email: HM.user.email });
    const token = await latestResetToken(api, HM.user.email);
    api.clock.advance(3600 * 1000);
    const valid = await call(api, "POST", `/api/password_reset/validate${q}`, { token });
    expect(errorOf(valid)._code).toBe("validate_failed");
    const reset = await call(api, "POST", `/api/password_reset/reset${q}`, { token, password: STRONG });
    expect(reset.status).toBe(404);
  });

  it("an unknown token is 404 not_found with the reset-link text", async () => {
    const r = await call(api, "POST", `/api/password_reset/validate${q}`, { token: "y".repeat(43) });
    expect(r.status).toBe(404);
    expect(errorOf(r)._description).toBe(TEXT.resetLinkInvalid);
  });
});

describe("resend (spec 2 §7, §8)", () => {
  it("no orders for the e-mail: 404 no_orders 'No orders could be found for this email address.'", async () => {
    // The demo user now has a membership order, so an e-mail with none is used.
    const r = await call(api, "POST", `/api/ticket_order/resend${q}`, { email: "no-orders@example.com" });
    expect(r.status).toBe(404);
    expect(errorOf(r)).toMatchObject({ _code: "no_orders", _description: TEXT.resendNoOrders });
  });

  it("an order of the e-mail is mailed again with kind resend", async () => {
    const now = api.clock.now();
    await api.handle.db.insert(s.cart).values({
      id: "resend-cart",
      sellerId: "harbour-museum",
      cartNumber: "R-0001",
      state: "booked",
      identityId: "hm-demo-guest",
      createdAt: now,
    });
    await api.handle.db.insert(s.ticketOrder).values({
      id: "resend-order",
      sellerId: "harbour-museum",
      orderNumber: "R-0001",
      identityId: "hm-demo-guest",
      cartId: "resend-cart",
      state: "completed",
      guest: true,
      createdAt: now,
      total: 2500,
    });
    const r = await call(api, "POST", `/api/ticket_order/resend${q}`, { email: HM.guest.email });
    expect(r.status).toBe(204);
    const [mail] = await mailsTo(api, HM.guest.email, "resend");
    expect(mail?.subject).toContain("R-0001");
  });

  it("memberships_only (forgot-membership) mails the member IDs and answers 204", async () => {
    const r = await call(api, "POST", `/api/ticket_order/resend${q}`, {
      email: HM.user.email,
      memberships_only: true,
    });
    expect(r.status).toBe(204);
    const [mail] = await mailsTo(api, HM.user.email, "membership_ids");
    expect(mail?.text).toContain(HM.members[0].scanCode);
  });

  it("my/ticket_order/resend needs a login and answers 204", async () => {
    expect((await call(api, "POST", `/api/my/ticket_order/resend${q}`, {})).status).toBe(401);
    const member = HM.members[0];
    const session = await call(api, "POST", `/api/login${q}`, {
      credential_type: "scan_code",
      scan_code: member.scanCode,
      zip_code: member.zipCode,
    });
    const r = await call(
      api,
      "POST",
      `/api/my/ticket_order/resend${q}`,
      { memberships_only: true },
      {
        cookie: sessionCookie(session),
      },
    );
    expect(r.status).toBe(204);
  });
});
