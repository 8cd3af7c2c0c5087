/**
 * Regression: a logged-in member was refused members-only tickets, because the cart
 * service passed hasMembership=false. Spec 1 §6: "Ticket groups with hidden_type
 * public_member_only show only to members whose role name matches a type or through a wildcard".
 */
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, errorOf, loginIdentity, send, upcomingSession } from "../../helpers/cart.ts";

const api = withTestApi();
const CREATE = "/api/my/cart/modify?_seller=harbour-museum";
const DAY = 86_400_000;

/** A logged-in identity holding one membership of `role` valid over [from, to) days from now. */
async function memberCookie(role: string, fromDays: number, toDays: number): Promise<string> {
  const { identityId, cookie } = await loginIdentity(api);
  const now = api.clock.now().getTime();
  await api.handle.db.insert(s.membership).values({
    id: `m-${identityId}`,
    sellerId: "harbour-museum",
    identityId,
    scanCode: `T-${identityId}`,
    role,
    name: "Test Member",
    lastName: "Member",
    validFrom: new Date(now + fromDays * DAY),
    validTo: new Date(now + toDays * DAY),
  });
  return cookie;
}

async function addPreviewMember(cookie?: string) {
  const preview = await upcomingSession(api, "hm-members-preview");
  return send(
    api,
    "POST",
    CREATE,
    { add: [{ ticket_type_id: "hm-preview-member", event_session_id: preview.id }] },
    cookie ? { cookie } : {},
  );
}

const MEMBERS_ONLY_REFUSAL = {
  _code: "rule_blocks_reserve",
  _description: "Sorry! This event is members only",
  _extra: { block_reason: "login_required" },
};

describe("public_member_only groups are sold to members whose role matches a type", () => {
  it("a current member (role 'Member') can reserve a members-only ticket of hm-members-preview", async () => {
    const env = asCart(await addPreviewMember(await memberCookie("Member", -30, 300)));
    expect(env.ticket._data.map((t) => t.ticket_type_id)).toEqual(["hm-preview-member"]);
    expect(cartOf(env).codes).toEqual([]);
  });

  it("an anonymous cart gets the spec's refusal 'Sorry! This event is members only'", async () => {
    expect(errorOf(await addPreviewMember())).toMatchObject(MEMBERS_ONLY_REFUSAL);
  });

  it("a logged-in visitor without a membership is refused", async () => {
    const { cookie } = await loginIdentity(api);
    expect(errorOf(await addPreviewMember(cookie))).toMatchObject(MEMBERS_ONLY_REFUSAL);
  });

  it("a membership counts only while valid_from <= now < valid_to (expired and future ones are refused)", async () => {
    expect(errorOf(await addPreviewMember(await memberCookie("Member", -400, -1)))).toMatchObject(
      MEMBERS_ONLY_REFUSAL,
    );
    expect(errorOf(await addPreviewMember(await memberCookie("Member", 1, 300)))).toMatchObject(
      MEMBERS_ONLY_REFUSAL,
    );
  });

  it("a member whose role matches no type of the group is refused", async () => {
    expect(errorOf(await addPreviewMember(await memberCookie("Patron", -30, 300)))).toMatchObject(
      MEMBERS_ONLY_REFUSAL,
    );
  });
});
