/**
 * Regression: a member ID and a ZIP code (a weak credential: IDs are sequential and printed on
 * cards, the ZIP is often the venue's own) logged in, and that session could change the account's
 * e-mail with no re-authentication and no word to the old address; a password reset to the new
 * address then took the account. A change of the e-mail or the password now needs the current
 * password or a code mailed to the current address, the old address is told with an undo link,
 * and undoing restores the e-mail and the password and revokes every session.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { userAnswer } from "../../../src/lib/api/auth/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { withTestApi } from "../../helpers/api.ts";
import { errorOf } from "../../helpers/cart.ts";
import { call, HM, latestResetToken, mailsTo, sessionCookie } from "../auth-helpers.ts";

const api = withTestApi();
const q = "?_seller=harbour-museum";
const ATTACKER = "attacker@example.test";
const STRONG = "Newpass-2026";

beforeEach(() => {
  api.clock.advance(16 * 60 * 1000); // a fresh rate-limit window per test
});

const memberIdLogin = (scanCode: string, zip: string) =>
  call(api, "POST", `/api/login${q}`, { credential_type: "scan_code", scan_code: scanCode, zip_code: zip });
const passwordLogin = (email: string, password: string) =>
  call(api, "POST", `/api/login${q}`, { username: email, password });
const patchEmail = (cookie: string, id: string, body: Record<string, unknown>) =>
  call(api, "PATCH", `/api/my/user/${id}${q}`, body, { cookie });
const emailOf = async (id: string) =>
  (await api.handle.db.select().from(s.identity).where(eq(s.identity.id, id)))[0]?.email;

async function latestCode(to: string): Promise<string> {
  const [mail] = await mailsTo(api, to, "change_code");
  const code = /account is ([A-Z0-9]{6})/.exec(mail?.text ?? "")?.[1];
  if (!code) throw new Error("no change code mail");
  return code;
}

async function latestUndoToken(to: string): Promise<string> {
  const [mail] = await mailsTo(api, to, "email_changed");
  const token = /undo-email-change\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error("no email_changed mail");
  return token;
}

async function newUser(email: string) {
  const made = await call(api, "POST", `/api/user${q}`, {
    first_name: "Mary",
    last_name: "Anning",
    email,
    password: STRONG,
  });
  expect(made.status).toBe(201);
  return { cookie: sessionCookie(made), id: userAnswer.parse(made.body).identity._data[0]?.id ?? "" };
}

describe("the takeover from a member ID and ZIP code login", () => {
  it("'scan_code login, PATCH a new e-mail, reset to it' is stopped at the PATCH: 403 reauthentication_required", async () => {
    const login = await memberIdLogin("HM100001", "02110");
    expect(login.status).toBe(200);
    const cookie = sessionCookie(login);
    const patch = await patchEmail(cookie, "hm-demo-user", { email: ATTACKER });
    expect(patch.status).toBe(403);
    expect(errorOf(patch)).toMatchObject({
      _code: "reauthentication_required",
      _context: "user",
      _extra: { proofs: ["current_password", "email_code"] },
    });
    expect(await emailOf("hm-demo-user")).toBe(HM.user.email);
    // The reset to the attacker's address finds no account, so nothing is mailed there.
    await call(api, "POST", `/api/password_reset/request${q}`, { email: ATTACKER });
    expect(await mailsTo(api, ATTACKER)).toHaveLength(0);
    expect((await passwordLogin(HM.user.email, HM.user.password)).status).toBe(200);
  });

  it("a wrong current password is 403 current_password_incorrect, and changes nothing", async () => {
    const cookie = sessionCookie(await memberIdLogin("HM100001", "02110"));
    const wrong = await patchEmail(cookie, "hm-demo-user", {
      email: ATTACKER,
      current_password: "Guess-2026",
    });
    expect(wrong.status).toBe(403);
    expect(errorOf(wrong)._code).toBe("current_password_incorrect");
    expect(await emailOf("hm-demo-user")).toBe(HM.user.email);
  });

  it("proofs are rate limited per account: guessing the current password stops with 429", async () => {
    const cookie = sessionCookie(await memberIdLogin("HM100001", "02110"));
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (
          await call(
            api,
            "PATCH",
            `/api/my/user/hm-demo-user${q}`,
            { email: ATTACKER, current_password: `Guess-${i}` },
            { cookie, address: "198.51.100.9" },
          )
        ).status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(403));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe("changing the e-mail with a proof; the notice to the old address and its undo", () => {
  it("with the current password: saved, the old address gets a notice (new address masked) with an undo link; undo restores it and logs everyone out", async () => {
    const { cookie, id } = await newUser("owner1@example.test");
    const other = sessionCookie(await passwordLogin("owner1@example.test", STRONG));
    const ok = await patchEmail(cookie, id, { email: "moved1@example.test", current_password: STRONG });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(userAnswer.parse(ok.body).identity._data[0]?.email).toBe("moved1@example.test");

    const [notice] = await mailsTo(api, "owner1@example.test", "email_changed");
    expect(notice?.text).toContain("was changed to m***@e***.test");
    expect(notice?.text).not.toContain("moved1@example.test");
    expect(notice?.text).toContain("/harbour-museum/user/undo-email-change?token=");
    expect(await mailsTo(api, "moved1@example.test", "email_changed")).toHaveLength(0);

    const token = await latestUndoToken("owner1@example.test");
    const undo = await call(api, "POST", `/api/email_change/undo${q}`, { token });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(undo.body).toEqual({ email: "owner1@example.test" });
    expect(await emailOf(id)).toBe("owner1@example.test");
    for (const session of [cookie, other]) {
      expect((await call(api, "GET", `/api/my/user${q}`, undefined, { cookie: session })).status).toBe(401);
    }
    // Single use.
    const again = await call(api, "POST", `/api/email_change/undo${q}`, { token });
    expect(again.status).toBe(404);
    expect(errorOf(again)._description).toBe(
      "This link is not valid. It may have expired or been used already.",
    );
    expect((await passwordLogin("owner1@example.test", STRONG)).status).toBe(200);
  });

  it("undo after a password reset to the new address: the owner's old password works again, the new one and its links do not", async () => {
    const { cookie, id } = await newUser("owner2@example.test");
    await patchEmail(cookie, id, { email: "taken2@example.test", current_password: STRONG });
    await call(api, "POST", `/api/password_reset/request${q}`, { email: "taken2@example.test" });
    const resetToken = await latestResetToken(api, "taken2@example.test");
    expect(
      (
        await call(api, "POST", `/api/password_reset/reset${q}`, {
          token: resetToken,
          password: "Taken-2026x",
        })
      ).status,
    ).toBe(204);
    // A second reset link, not used yet, goes dead with the undo.
    await call(api, "POST", `/api/password_reset/request${q}`, { email: "taken2@example.test" });
    const pending = await latestResetToken(api, "taken2@example.test");
    const taker = sessionCookie(await passwordLogin("taken2@example.test", "Taken-2026x"));

    const undo = await call(api, "POST", `/api/email_change/undo${q}`, {
      token: await latestUndoToken("owner2@example.test"),
    });
    expect(undo.status).toBe(200);
    expect((await call(api, "GET", `/api/my/user${q}`, undefined, { cookie: taker })).status).toBe(401);
    expect((await passwordLogin("owner2@example.test", STRONG)).status).toBe(200);
    expect((await passwordLogin("owner2@example.test", "Taken-2026x")).status).toBe(401);
    expect((await passwordLogin("taken2@example.test", "Taken-2026x")).status).toBe(401);
    expect(
      (await call(api, "POST", `/api/password_reset/reset${q}`, { token: pending, password: "Taken-2026y" }))
        .status,
    ).toBe(404);
  });

  it("an undo link expires after 7 days and belongs to its seller", async () => {
    const { cookie, id } = await newUser("owner3@example.test");
    await patchEmail(cookie, id, { email: "moved3@example.test", current_password: STRONG });
    const token = await latestUndoToken("owner3@example.test");
    const zoo = await call(api, "POST", "/api/email_change/undo?_seller=riverside-zoo", { token });
    expect(zoo.status).toBe(404);
    api.clock.advance(7 * 24 * 3600 * 1000);
    expect((await call(api, "POST", `/api/email_change/undo${q}`, { token })).status).toBe(404);
    expect(await emailOf(id)).toBe("moved3@example.test");
  });

  it("with a code mailed to the current address (an account without a password): 6 characters, single use, 3 attempts", async () => {
    const login = await memberIdLogin(HM.members[1].scanCode, HM.members[1].zipCode ?? "");
    expect(login.status).toBe(200);
    const cookie = sessionCookie(login);
    const refused = await patchEmail(cookie, "hm-demo-member", { email: "member-new@example.test" });
    expect(errorOf(refused)).toMatchObject({
      _code: "reauthentication_required",
      _extra: { proofs: ["email_code"] },
    });
    // A password is no proof for an account that has none.
    const noPassword = await patchEmail(cookie, "hm-demo-member", {
      email: "member-new@example.test",
      current_password: "Anything-2026",
    });
    expect(errorOf(noPassword)._code).toBe("reauthentication_required");

    const sent = await call(api, "POST", `/api/my/user/change_code${q}`, undefined, { cookie });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ sent_to: "m***@h***.example" });
    const code = await latestCode(HM.memberEmail);
    expect(code).toMatch(/^[A-Z0-9]{6}$/);

    const wrong = await patchEmail(cookie, "hm-demo-member", {
      email: "member-new@example.test",
      change_code: "AAAAAA",
    });
    expect(errorOf(wrong)).toMatchObject({ _code: "change_code_incorrect", _extra: { attempts_left: 2 } });
    const ok = await patchEmail(cookie, "hm-demo-member", {
      email: "member-new@example.test",
      change_code: code.toLowerCase(),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await mailsTo(api, HM.memberEmail, "email_changed")).toHaveLength(1);
    const reused = await patchEmail(cookie, "hm-demo-member", {
      email: "member-other@example.test",
      change_code: code,
    });
    expect(errorOf(reused)._code).toBe("change_code_invalid");
  });

  it("a code dies after 3 wrong attempts and after 10 minutes, and a newer code supersedes it", async () => {
    const { cookie, id } = await newUser("owner4@example.test");
    const ask = async () => {
      api.clock.advance(1000); // so the newest mail is told apart by its time
      expect((await call(api, "POST", `/api/my/user/change_code${q}`, undefined, { cookie })).status).toBe(
        200,
      );
      return latestCode("owner4@example.test");
    };
    const patch = (code: string) =>
      patchEmail(cookie, id, { email: "moved4@example.test", change_code: code });

    const first = await ask();
    expect(errorOf(await patch("AAAAAA"))._extra).toEqual({ attempts_left: 2 });
    expect(errorOf(await patch("AAAAAA"))._extra).toEqual({ attempts_left: 1 });
    expect(errorOf(await patch("AAAAAA"))._code).toBe("change_code_invalid");
    expect(errorOf(await patch(first))._code).toBe("change_code_invalid");

    const second = await ask();
    api.clock.advance(10 * 60 * 1000);
    expect(errorOf(await patch(second))._code).toBe("change_code_invalid");

    const third = await ask();
    const fourth = await ask();
    // Only the newest code is live: an older one is a wrong code.
    expect(errorOf(await patch(third))).toMatchObject({
      _code: "change_code_incorrect",
      _extra: { attempts_left: 2 },
    });
    const ok = await patch(fourth);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it("a taken address answers 409 before any proof; a change of letter case needs none", async () => {
    const { cookie, id } = await newUser("owner5@example.test");
    const taken = await patchEmail(cookie, id, { email: HM.guest.email.toUpperCase() });
    expect(errorOf(taken)._code).toBe("email_in_use");
    const sameMailbox = await patchEmail(cookie, id, { email: "Owner5@example.test" });
    expect(sameMailbox.status).toBe(200);
    expect(await mailsTo(api, "owner5@example.test", "email_changed")).toHaveLength(0);
  });

  it("reading: an account with neither a password nor a real address (spec 1 §6 'noemail' placeholder) sets its first address without a proof, and nobody is mailed a notice", async () => {
    const { cookie, id } = await newUser("owner9@example.test");
    await api.handle.db
      .update(s.identity)
      .set({ email: "noemail-owner9@example.test", passwordHash: null })
      .where(eq(s.identity.id, id));
    const r = await patchEmail(cookie, id, { email: "owner9-real@example.test" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await emailOf(id)).toBe("owner9-real@example.test");
    expect(await mailsTo(api, "noemail-owner9@example.test")).toHaveLength(0);
    // From then on the address is what a change must prove.
    const next = await patchEmail(cookie, id, { email: "owner9-other@example.test" });
    expect(errorOf(next)).toMatchObject({
      _code: "reauthentication_required",
      _extra: { proofs: ["email_code"] },
    });
  });

  it("a profile PATCH that does not change the e-mail needs no proof", async () => {
    const { cookie, id } = await newUser("owner6@example.test");
    const r = await patchEmail(cookie, id, { additional_info: { phone: "555-0100" } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });
});

describe("changing the password (PUT my/user)", () => {
  it("needs the current password; then the address gets a notice and the other sessions end", async () => {
    const { cookie } = await newUser("owner7@example.test");
    const other = sessionCookie(await passwordLogin("owner7@example.test", STRONG));
    const put = (body: Record<string, unknown>) => call(api, "PUT", `/api/my/user${q}`, body, { cookie });

    const none = await put({ password: "Another-2026" });
    expect(errorOf(none)).toMatchObject({ _code: "reauthentication_required" });
    const wrong = await put({ password: "Another-2026", current_password: "Wrong-2026" });
    expect(errorOf(wrong)._code).toBe("current_password_incorrect");
    expect((await passwordLogin("owner7@example.test", STRONG)).status).toBe(200);
    expect(await mailsTo(api, "owner7@example.test", "password_changed")).toHaveLength(0);

    const ok = await put({ password: "Another-2026", current_password: STRONG });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await call(api, "GET", `/api/my/user${q}`, undefined, { cookie: other })).status).toBe(401);
    expect((await passwordLogin("owner7@example.test", "Another-2026")).status).toBe(200);
    const [notice] = await mailsTo(api, "owner7@example.test", "password_changed");
    expect(notice?.text).toContain("The password of your account was changed.");
    expect(notice?.text).toContain("/harbour-museum/user/forgot-password");
  });

  it("a member-ID session cannot set a password on the member's account without a proof", async () => {
    const cookie = sessionCookie(await memberIdLogin("HM100001", "02110"));
    const put = await call(api, "PUT", `/api/my/user${q}`, { password: "Taken-2026x" }, { cookie });
    expect(put.status).toBe(403);
    expect(errorOf(put)._code).toBe("reauthentication_required");
    expect((await passwordLogin(HM.user.email, HM.user.password)).status).toBe(200);
  });

  it("a password reset mails a password-changed notice too", async () => {
    await newUser("owner8@example.test");
    await call(api, "POST", `/api/password_reset/request${q}`, { email: "owner8@example.test" });
    const token = await latestResetToken(api, "owner8@example.test");
    expect(
      (await call(api, "POST", `/api/password_reset/reset${q}`, { token, password: "Another-2026" })).status,
    ).toBe(204);
    expect(await mailsTo(api, "owner8@example.test", "password_changed")).toHaveLength(1);
  });
});
