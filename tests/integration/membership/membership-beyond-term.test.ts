/**
 * Spec 1 §6 "Membership reserve beyond term: config always, if_autorenew or never" (tenant web
 * config membership.reserve_beyond_term): members-only tickets for a session after the member's
 * valid_to. The tenant's config is swapped per test (the demo tenant files keep the default).
 */
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, errorOf, loginIdentity, send, upcomingSession } from "../../helpers/cart.ts";

const policy = vi.hoisted(() => ({ value: undefined as string | undefined }));

vi.mock("../../../src/lib/tenant/load.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../../src/lib/tenant/load.ts")>();
  return {
    ...real,
    getTenant: (slug: string) => {
      const tenant = real.getTenant(slug);
      if (!tenant || slug !== "harbour-museum" || !policy.value) return tenant;
      return { ...tenant, web: { ...tenant.web, membership: { reserve_beyond_term: policy.value } } };
    },
  };
});

const api = withTestApi();
const DAY = 86_400_000;

/** A member whose term ends 5 days from now (between the first two Thursday previews). */
async function member(autoRenewState: string | null) {
  const { identityId, cookie } = await loginIdentity(api);
  const now = api.clock.now().getTime();
  await api.handle.db.insert(s.membership).values({
    id: `m-${identityId}`,
    sellerId: "harbour-museum",
    identityId,
    scanCode: `HMT${randomBytes(4).toString("hex")}`,
    role: "Member",
    name: "Term Member",
    lastName: "Member",
    validFrom: new Date(now - 300 * DAY),
    validTo: new Date(now + 5 * DAY),
    autoRenewState,
  });
  return cookie;
}

async function reserveAt(cookie: string, offset: number) {
  const session = await upcomingSession(api, "hm-members-preview", offset);
  return send(
    api,
    "POST",
    "/api/my/cart/modify?_seller=harbour-museum",
    { add: [{ ticket_type_id: "hm-preview-member", event_session_id: session.id }] },
    { cookie },
  );
}

afterEach(() => {
  policy.value = undefined;
});

describe("membership reserve beyond term: always, if_autorenew or never", () => {
  it("always (the default): a session after valid_to can be reserved", async () => {
    asCart(await reserveAt(await member(null), 1));
  });

  it("never: a session after valid_to is refused; one inside the term is not", async () => {
    policy.value = "never";
    const cookie = await member("scheduled");
    asCart(await reserveAt(cookie, 0));
    const r = await reserveAt(cookie, 1);
    expect(r.status).toBe(409);
    expect(errorOf(r)).toMatchObject({
      _code: "membership_expires_before_session",
      _context: "reserve",
      _description:
        "Your membership ends before this date. Please renew your membership to reserve these tickets.",
      _extra: { reserve_beyond_term: "never" },
    });
  });

  it("if_autorenew: only while the membership's auto-renew is scheduled", async () => {
    policy.value = "if_autorenew";
    asCart(await reserveAt(await member("scheduled"), 1));
    expect(errorOf(await reserveAt(await member("cancelled"), 1))._code).toBe(
      "membership_expires_before_session",
    );
    expect(errorOf(await reserveAt(await member(null), 1))._code).toBe("membership_expires_before_session");
  });
});
