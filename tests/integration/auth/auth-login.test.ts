/**
 * POST login by password and by member ID, logout, my/user, and the cart on login (spec 1 §4, §6,
 * §7, §8). Harbour Museum enables otp_or_password and scan_code (ZIP code); Riverside Zoo
 * password and scan_code_last_name.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loginAnswer, userAnswer } from "../../../src/lib/api/auth/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { loginKindEnabled } from "../../../src/lib/server/services/auth/modes.ts";
import { hashSessionToken } from "../../../src/lib/server/services/identity/identity.ts";
import { withTestApi } from "../../helpers/api.ts";
import { errorOf, upcomingSession } from "../../helpers/cart.ts";
import { call, HM, RZ, sessionCookie } from "../auth-helpers.ts";

/** The spec's texts (spec 1 §8, spec 2 §8), as the API's _description gives them. */
const TEXT = {
  incorrectPassword: "That is not the correct password. Please try again",
  loginDisabled: "Login is disabled",
  memberNotFoundLastName: "Member details not found. Please check your member ID and last name.",
  memberNotFoundZip: "Member details not found. Please check your member ID and ZIP code.",
} as const;

const api = withTestApi();
const hmLogin = "/api/login?_seller=harbour-museum";
const rzLogin = "/api/login?_seller=riverside-zoo";

describe("password login", () => {
  it("right password: 200 loginAnswer with the identity and an HttpOnly, SameSite=Lax session cookie", async () => {
    const r = await call(api, "POST", hmLogin, { username: HM.user.email, password: HM.user.password });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const answer = loginAnswer.parse(r.body);
    expect(answer.identity._data[0]?.email).toBe(HM.user.email);
    expect(answer.identity._data[0]?.kind).toBe("user");
    expect(answer.cart_id).toBeNull();
    const cookie = r.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/foyer_session=[A-Za-z0-9_-]{43}/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=1209600/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it("the e-mail is matched case-insensitively", async () => {
    const r = await call(api, "POST", rzLogin, {
      username: RZ.user.email.toUpperCase(),
      password: RZ.user.password,
    });
    expect(r.status).toBe(200);
  });

  it("the cookie is Secure on https", async () => {
    const r = await call(api, "POST", `https://shop.example${hmLogin}`, {
      username: HM.user.email,
      password: HM.user.password,
    });
    expect(r.status).toBe(200);
    expect(r.headers.get("set-cookie")).toMatch(/Secure/);
  });

  it("wrong password: 401 incorrect_password 'That is not the correct password. Please try again'", async () => {
    const r = await call(api, "POST", hmLogin, { username: HM.user.email, password: "Wrong-password-1" });
    expect(r.status).toBe(401);
    expect(errorOf(r)._code).toBe("incorrect_password");
    expect(errorOf(r)._description).toBe(TEXT.incorrectPassword);
    expect(r.headers.get("set-cookie")).toBeNull();
  });

  it("a session of one seller does not log in at another", async () => {
    const r = await call(api, "POST", hmLogin, { username: HM.user.email, password: HM.user.password });
    const me = await call(api, "GET", "/api/my/user?_seller=riverside-zoo", undefined, {
      cookie: sessionCookie(r),
    });
    expect(me.status).toBe(401);
    expect(errorOf(me)._code).toBe("not_logged_in");
  });
});

describe("member ID login (spec 1 §6 scan_code modes)", () => {
  it("scan_code with the right ZIP code logs in the member's identity", async () => {
    const member = HM.members[0];
    const r = await call(api, "POST", hmLogin, {
      credential_type: "scan_code",
      scan_code: member.scanCode.toLowerCase(),
      zip_code: member.zipCode,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const answer = loginAnswer.parse(r.body);
    expect(answer.identity._data[0]?.email).toBe(HM.user.email);
    expect(answer.identity._data[0]?.has_membership).toBe(true);
    expect(answer.membership?._data.map((m) => m.scan_code)).toContain(member.scanCode);
  });

  it("wrong ZIP code or unknown member ID: 401 member_not_found 'Member details not found. Please check your member ID and ZIP code.'", async () => {
    const wrongZip = await call(api, "POST", hmLogin, {
      credential_type: "scan_code",
      scan_code: HM.members[0].scanCode,
      zip_code: "99999",
    });
    const unknown = await call(api, "POST", hmLogin, {
      credential_type: "scan_code",
      scan_code: "HM999999",
      zip_code: "02110",
    });
    for (const r of [wrongZip, unknown]) {
      expect(r.status).toBe(401);
      expect(errorOf(r)._code).toBe("member_not_found");
      expect(errorOf(r)._description).toBe(TEXT.memberNotFoundZip);
    }
    expect(wrongZip.body).toEqual(unknown.body);
  });

  it("scan_code_last_name: the right last name logs in, a wrong one gives the last-name text", async () => {
    const member = RZ.members[1];
    const ok = await call(api, "POST", rzLogin, {
      credential_type: "scan_code",
      scan_code: member.scanCode,
      last_name: member.lastName.toUpperCase(),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(loginAnswer.parse(ok.body).identity._data[0]?.email).toBe(RZ.memberEmail);
    const wrong = await call(api, "POST", rzLogin, {
      credential_type: "scan_code",
      scan_code: member.scanCode,
      last_name: "Smith",
    });
    expect(wrong.status).toBe(401);
    expect(errorOf(wrong)._description).toBe(TEXT.memberNotFoundLastName);
  });

  it("a login kind the tenant does not enable: 403 login_disabled 'Login is disabled'", async () => {
    const lastNameAtMuseum = await call(api, "POST", hmLogin, {
      credential_type: "scan_code",
      scan_code: HM.members[0].scanCode,
      last_name: HM.members[0].lastName,
    });
    const zipAtZoo = await call(api, "POST", rzLogin, {
      credential_type: "scan_code",
      scan_code: RZ.members[0].scanCode,
      zip_code: "12345",
    });
    const scanPassword = await call(api, "POST", hmLogin, {
      credential_type: "scan_code",
      scan_code: HM.members[0].scanCode,
      username: HM.user.email,
      password: HM.user.password,
    });
    const otpAtZoo = await call(api, "POST", "/api/login/request_otp?_seller=riverside-zoo", {
      email: RZ.user.email,
    });
    for (const r of [lastNameAtMuseum, zipAtZoo, scanPassword, otpAtZoo]) {
      expect(r.status).toBe(403);
      expect(errorOf(r)).toMatchObject({ _code: "login_disabled", _description: TEXT.loginDisabled });
    }
  });

  it("login modes: no usable mode disables every kind; otp_or_password enables password and passcode", () => {
    expect(loginKindEnabled([], "password")).toBe(false);
    expect(loginKindEnabled(["external"], "password")).toBe(false);
    expect(loginKindEnabled(["otp_or_password"], "password")).toBe(true);
    expect(loginKindEnabled(["otp_or_password"], "otp")).toBe(true);
    expect(loginKindEnabled(["password"], "otp")).toBe(false);
    expect(loginKindEnabled(["scan_code_password"], "scan_code_password")).toBe(true);
  });
});

describe("my/user and logout", () => {
  it("GET my/user answers the logged-in identity; logout revokes the session and clears the cookie", async () => {
    const r = await call(api, "POST", hmLogin, { username: HM.user.email, password: HM.user.password });
    const cookie = sessionCookie(r);
    const me = await call(
      api,
      "GET",
      "/api/my/user?_seller=harbour-museum&_embed=identity,identity.meta",
      undefined,
      {
        cookie,
      },
    );
    expect(me.status).toBe(200);
    expect(userAnswer.parse(me.body).identity._data[0]?.first_name).toBe(HM.user.firstName);
    expect(me.headers.get("cache-control")).toBe("no-store");

    const out = await call(api, "POST", "/api/logout?_seller=harbour-museum", {}, { cookie });
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toMatch(/foyer_session=;.*Max-Age=0/);
    const after = await call(api, "GET", "/api/my/user?_seller=harbour-museum", undefined, { cookie });
    expect(after.status).toBe(401);
    const token = cookie.split("=")[1] ?? "";
    const [row] = await api.handle.db
      .select()
      .from(s.authSession)
      .where(eq(s.authSession.tokenHash, hashSessionToken(token)));
    expect(row?.revokedAt).toEqual(api.clock.now());
  });

  it("a login from another origin is refused (DESIGN §5 same-origin writes)", async () => {
    const r = await call(
      api,
      "POST",
      hmLogin,
      { username: HM.user.email, password: HM.user.password },
      { headers: { origin: "https://evil.example", host: "localhost" } },
    );
    expect(r.status).toBe(403);
  });

  it("account calls do not exist under /cached_api", async () => {
    const r = await call(api, "POST", "/cached_api/login?_seller=harbour-museum", {
      username: HM.user.email,
      password: HM.user.password,
    });
    expect(r.status).toBe(404);
  });
});

describe("the cart on login (spec 1 §4)", () => {
  async function guestCart(): Promise<string> {
    const session = await upcomingSession(api, "hm-general-admission");
    const r = await call(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
      add: [{ event_session_id: session.id, ticket_type_id: "hm-ga-adult", quantity: 1 }],
    });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    const id = (r.body.cart as { _data: { id: string }[] })._data[0]?.id;
    if (!id) throw new Error("no cart");
    return id;
  }

  it("a guest's pending cart is given to the user who logs in, and is the user's only from then on", async () => {
    const cartId = await guestCart();
    const r = await call(api, "POST", hmLogin, {
      username: HM.user.email,
      password: HM.user.password,
      cart_id: cartId,
    });
    expect(r.status).toBe(200);
    expect(loginAnswer.parse(r.body).cart_id).toBe(cartId);
    const [row] = await api.handle.db.select().from(s.cart).where(eq(s.cart.id, cartId));
    expect(row?.identityId).toBe("hm-demo-user");
    const anonymous = await call(api, "GET", `/api/my/cart/${cartId}`);
    expect(anonymous.status).toBe(403);
    const owner = await call(api, "GET", `/api/my/cart/${cartId}`, undefined, { cookie: sessionCookie(r) });
    expect(owner.status).toBe(200);
  });

  it("the user's own cart is kept; another user's cart or an unknown id answers cart_id null", async () => {
    const cartId = await guestCart();
    const first = await call(api, "POST", hmLogin, {
      username: HM.user.email,
      password: HM.user.password,
      cart_id: cartId,
    });
    expect(loginAnswer.parse(first.body).cart_id).toBe(cartId);
    const again = await call(api, "POST", hmLogin, {
      username: HM.user.email,
      password: HM.user.password,
      cart_id: cartId,
    });
    expect(loginAnswer.parse(again.body).cart_id).toBe(cartId);
    const other = await call(api, "POST", hmLogin, {
      credential_type: "scan_code",
      scan_code: HM.members[1].scanCode,
      zip_code: HM.members[1].zipCode,
      cart_id: cartId,
    });
    expect(loginAnswer.parse(other.body).cart_id).toBeNull();
    const [row] = await api.handle.db.select().from(s.cart).where(eq(s.cart.id, cartId));
    expect(row?.identityId).toBe("hm-demo-user");
    const unknown = await call(api, "POST", hmLogin, {
      username: HM.user.email,
      password: HM.user.password,
      cart_id: "nope",
    });
    expect(loginAnswer.parse(unknown.body).cart_id).toBeNull();
  });

  it("a cart of another seller is not taken", async () => {
    const cartId = await guestCart();
    const r = await call(api, "POST", rzLogin, {
      username: RZ.user.email,
      password: RZ.user.password,
      cart_id: cartId,
    });
    expect(loginAnswer.parse(r.body).cart_id).toBeNull();
    const [row] = await api.handle.db.select().from(s.cart).where(eq(s.cart.id, cartId));
    expect(row?.identityId).toBe("harbour-museum:public");
  });
});
