/**
 * My account: the profile save (PATCH my/user/{id}; spec 2 §3 "Name, e-mail and
 * first_name/last_name are read-only on the profile; only state may be cleared", §5, spec 1 §5 custom
 * fields) and the saved payment methods (GET my/identity/saved_payment_method, DELETE
 * my/identity/saved_payment_method/{id}; owner only).
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { userAnswer } from "../../../src/lib/api/auth/schemas.ts";
import { savedPaymentMethodEnvelope } from "../../../src/lib/api/membership/renew-schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import { getTenant } from "../../../src/lib/tenant/load.ts";
import { withTestApi } from "../../helpers/api.ts";
import { errorOf } from "../../helpers/cart.ts";
import { call, HM, RZ, sessionCookie } from "../auth-helpers.ts";

const api = withTestApi();
const hm = "?_seller=harbour-museum";
const rz = "?_seller=riverside-zoo";

beforeEach(() => {
  api.clock.advance(16 * 60 * 1000); // a fresh rate-limit window per test
});

async function login(email: string, password: string, q = hm) {
  const r = await call(api, "POST", `/api/login${q}`, { username: email, password });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const id = userAnswer.parse(r.body).identity._data[0]?.id ?? "";
  return { id, cookie: sessionCookie(r) };
}

const patch = (who: { id: string; cookie: string }, body: unknown, q = hm) =>
  call(api, "PATCH", `/api/my/user/${who.id}${q}`, body, { cookie: who.cookie });

describe("PATCH my/user/{id}: the profile fields (spec 2 §3, §5)", () => {
  it("saves phone, address, city, country, state and ZIP, and answers them", async () => {
    const me = await login(HM.user.email, HM.user.password);
    const info = {
      phone: "+1 617 555 0100",
      address: "1 Harbour Way",
      city: "Boston",
      country: "US",
      state: "MA",
      zip_code: "02110",
    };
    const r = await patch(me, { additional_info: info });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(userAnswer.parse(r.body).identity._data[0]?.additional_info).toMatchObject(info);
  });

  it("'Name, e-mail and first_name/last_name are read-only on the profile': a name change is 400 read_only_field and nothing is stored", async () => {
    const me = await login(HM.user.email, HM.user.password);
    const r = await patch(me, { first_name: "Someone", additional_info: { city: "Salem" } });
    expect(r.status).toBe(400);
    expect(errorOf(r)).toMatchObject({ _code: "read_only_field", _extra: { field: "first_name" } });
    const [row] = await api.handle.db.select().from(s.identity).where(eq(s.identity.id, me.id));
    expect(row?.firstName).toBe(HM.user.firstName);
    expect(row?.additionalInfo?.city).not.toBe("Salem");
  });

  it("spec 1 §5: ZIP 4 to 10 letters and digits with an optional space or hyphen; phone at most 50", async () => {
    const me = await login(HM.user.email, HM.user.password);
    for (const zip of ["123", "12345678901", "02110!", "AB  12"]) {
      const r = await patch(me, { additional_info: { zip_code: zip } });
      expect(r.status, zip).toBe(400);
      expect(errorOf(r)._code).toBe("validation_failed");
    }
    expect((await patch(me, { additional_info: { zip_code: "SW1A 1AA" } })).status).toBe(200);
    expect((await patch(me, { additional_info: { zip_code: "02110-1234" } })).status).toBe(200);
    expect((await patch(me, { additional_info: { phone: "1".repeat(51) } })).status).toBe(400);
    expect((await patch(me, { additional_info: { phone: "1".repeat(50) } })).status).toBe(200);
  });

  it("'only state may be cleared': emptying the city is refused, clearing the state of a country without a list is allowed", async () => {
    const me = await login(HM.user.email, HM.user.password);
    expect(
      (await patch(me, { additional_info: { city: "Boston", country: "US", state: "MA" } })).status,
    ).toBe(200);
    const cleared = await patch(me, { additional_info: { city: "" } });
    expect(cleared.status).toBe(400);
    expect(errorOf(cleared)._extra).toMatchObject({ field: "city", problem: "cannotClear" });
    // The US has a list: its state is required.
    const noState = await patch(me, { additional_info: { state: null } });
    expect(errorOf(noState)._extra).toMatchObject({ field: "state", problem: "regionRequired" });
    // France has none: the state is cleared.
    const france = await patch(me, { additional_info: { country: "FR", state: null } });
    expect(france.status, JSON.stringify(france.body)).toBe(200);
    expect(userAnswer.parse(france.body).identity._data[0]?.additional_info.state ?? null).toBeNull();
  });

  it("a state must come from the country's list (Canada: provinces); an unknown country is refused", async () => {
    const me = await login(HM.user.email, HM.user.password);
    expect((await patch(me, { additional_info: { country: "CA", state: "MA" } })).status).toBe(400);
    expect((await patch(me, { additional_info: { country: "CA", state: "ON" } })).status).toBe(200);
    const unknown = await patch(me, { additional_info: { country: "Atlantis" } });
    expect(errorOf(unknown)._extra).toMatchObject({ field: "country", problem: "invalidCountry" });
  });

  it("another identity's profile is 403; not logged in is 401", async () => {
    const me = await login(HM.user.email, HM.user.password);
    const r = await call(
      api,
      "PATCH",
      `/api/my/user/hm-demo-guest${hm}`,
      { additional_info: { city: "X" } },
      {
        cookie: me.cookie,
      },
    );
    expect(r.status).toBe(403);
    const anonymous = await call(api, "PATCH", `/api/my/user/${me.id}${hm}`, {
      additional_info: { city: "X" },
    });
    expect(anonymous.status).toBe(401);
  });

  it("spec 2 §5 'member name edits are disabled when prevent_membership_updates is set': a member's details are refused (403), a non-member's saved", async () => {
    const tenant = getTenant("harbour-museum");
    if (!tenant) throw new Error("tenant missing");
    tenant.web.prevent_membership_updates = true;
    try {
      const member = await login(HM.user.email, HM.user.password); // HM100001
      const refused = await patch(member, { additional_info: { city: "Salem" } });
      expect(refused.status).toBe(403);
      expect(errorOf(refused)._code).toBe("membership_updates_prevented");
      const made = await call(api, "POST", `/api/user${hm}`, {
        first_name: "Ada",
        last_name: "Byron",
        email: "ada-profile@example.test",
        password: "Newpass-2026",
      });
      const plain = {
        id: userAnswer.parse(made.body).identity._data[0]?.id ?? "",
        cookie: sessionCookie(made),
      };
      expect((await patch(plain, { additional_info: { city: "Salem" } })).status).toBe(200);
    } finally {
      tenant.web.prevent_membership_updates = false;
    }
  });
});

describe("saved payment methods (spec 2 §3 'Saved payment method: identifier', §7)", () => {
  const list = (who: { cookie: string }, q = hm) =>
    call(api, "GET", `/api/my/identity/saved_payment_method${q}`, undefined, { cookie: who.cookie });
  const remove = (who: { cookie: string }, id: string, q = hm) =>
    call(api, "DELETE", `/api/my/identity/saved_payment_method/${id}${q}`, undefined, { cookie: who.cookie });

  async function addCard(identityId: string, sellerId: string, id: string) {
    await api.handle.db.insert(s.savedPaymentMethod).values({
      id,
      sellerId,
      identityId,
      gatewayId: "test",
      identifier: "Mastercard ending 4444",
      providerReference: `pm_test_${id}`,
      createdAt: api.clock.now(),
      deletedAt: null,
    });
  }

  it("the owner lists and removes a card; it is then gone from the list and kept as removed", async () => {
    const me = await login(HM.user.email, HM.user.password);
    await addCard(me.id, "harbour-museum", "spm_profile_own");
    const before = savedPaymentMethodEnvelope.parse((await list(me)).body);
    expect(before.saved_payment_method._data.map((m) => m.identifier)).toContain("Mastercard ending 4444");
    const r = await remove(me, "spm_profile_own");
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.headers.get("cache-control")).toBe("private, no-store");
    const after = savedPaymentMethodEnvelope.parse(r.body);
    expect(after.saved_payment_method._data.map((m) => m.id)).not.toContain("spm_profile_own");
    const [row] = await api.handle.db
      .select()
      .from(s.savedPaymentMethod)
      .where(eq(s.savedPaymentMethod.id, "spm_profile_own"));
    expect(row?.deletedAt).not.toBeNull();
    expect((await remove(me, "spm_profile_own")).status).toBe(404);
  });

  it("owner only: another user's, another tenant's card is 404 and stays; not logged in is 401", async () => {
    const me = await login(HM.user.email, HM.user.password);
    const zoo = await login(RZ.user.email, RZ.user.password, rz);
    await addCard(zoo.id, "riverside-zoo", "spm_profile_zoo");
    await addCard("hm-demo-guest", "harbour-museum", "spm_profile_guest");
    expect((await remove(me, "spm_profile_zoo")).status).toBe(404);
    expect((await remove(me, "spm_profile_zoo", rz)).status).toBe(401);
    expect((await remove(me, "spm_profile_guest")).status).toBe(404);
    expect(
      (await call(api, "DELETE", `/api/my/identity/saved_payment_method/spm_profile_guest${hm}`)).status,
    ).toBe(401);
    const rows = await api.handle.db.select().from(s.savedPaymentMethod);
    expect(
      rows.filter((m) => ["spm_profile_zoo", "spm_profile_guest"].includes(m.id) && m.deletedAt),
    ).toEqual([]);
    expect(savedPaymentMethodEnvelope.parse((await list(zoo, rz)).body).saved_payment_method._count).toBe(1);
  });

  it("a card an enrolled membership renews with is refused (409 saved_method_in_use) until auto-renew is cancelled", async () => {
    const me = await login("autorenew@harbour-museum.example", "Harbour-2026");
    const [card] = savedPaymentMethodEnvelope.parse((await list(me)).body).saved_payment_method._data;
    if (!card) throw new Error("the auto-renew demo has no card");
    const refused = await remove(me, card.id);
    expect(refused.status).toBe(409);
    expect(errorOf(refused)._code).toBe("saved_method_in_use");
    const cancel = await call(
      api,
      "DELETE",
      `/api/ticket_order/hm-demo-autorenew-order/auto_renew${hm}`,
      undefined,
      { cookie: me.cookie },
    );
    expect(cancel.status).toBe(200);
    expect((await remove(me, card.id)).status).toBe(200);
  });
});
