/**
 * "Reaching an order without an account": the manage link carries "an unguessable, signed
 * token for that order", and "tokens can't be forged or reused for another order". They also stop
 * working after MANAGE_LINK_DAYS.
 */
import { describe, expect, it } from "vitest";
import {
  issueManageToken,
  MANAGE_LINK_DAYS,
  verifyManageToken,
} from "../../../src/lib/server/services/manage/token.ts";
import { withTestApi } from "../../helpers/api.ts";

const api = withTestApi();
const DAY = 86_400_000;

describe("the manage-link token", () => {
  it("is accepted for the order it was issued for", async () => {
    const now = api.clock.now();
    const token = await issueManageToken(api.handle.db, "order-a", now);
    expect(await verifyManageToken(api.handle.db, "order-a", token, now)).toBe(true);
  });

  it("can't be reused for another order", async () => {
    const now = api.clock.now();
    const token = await issueManageToken(api.handle.db, "order-a", now);
    expect(await verifyManageToken(api.handle.db, "order-b", token, now)).toBe(false);
  });

  it("can't be forged: a changed expiry, a changed signature or garbage is refused", async () => {
    const now = api.clock.now();
    const token = await issueManageToken(api.handle.db, "order-a", now);
    const [v, expires, mac] = token.split(".");
    const later = `${v}.${Number(expires) + 1}.${mac}`;
    const flipped = `${v}.${expires}.${mac?.startsWith("A") ? "B" : "A"}${mac?.slice(1)}`;
    for (const forged of [later, flipped, "", "v1.1.x", `${token}x`, null, undefined]) {
      expect(await verifyManageToken(api.handle.db, "order-a", forged, now)).toBe(false);
    }
  });

  it(`expires after MANAGE_LINK_DAYS (${MANAGE_LINK_DAYS})`, async () => {
    const now = api.clock.now();
    const token = await issueManageToken(api.handle.db, "order-a", now);
    const justBefore = new Date(now.getTime() + MANAGE_LINK_DAYS * DAY - 1000);
    const after = new Date(now.getTime() + MANAGE_LINK_DAYS * DAY);
    expect(await verifyManageToken(api.handle.db, "order-a", token, justBefore)).toBe(true);
    expect(await verifyManageToken(api.handle.db, "order-a", token, after)).toBe(false);
  });

  it("is signed with one shared key: a second issue verifies with the same key", async () => {
    const now = api.clock.now();
    const [a, b] = await Promise.all([
      issueManageToken(api.handle.db, "order-a", now),
      issueManageToken(api.handle.db, "order-a", now),
    ]);
    expect(a).toBe(b);
  });
});

describe("the tickets token (wallet and calendar links on the tickets page)", () => {
  it("never opens /manage: a tickets token is refused where a manage token is asked for, and the reverse", async () => {
    const now = api.clock.now();
    const tickets = await issueManageToken(api.handle.db, "order-a", now, "tickets");
    const manage = await issueManageToken(api.handle.db, "order-a", now);
    expect(tickets).not.toBe(manage);
    expect(await verifyManageToken(api.handle.db, "order-a", tickets, now)).toBe(false);
    expect(await verifyManageToken(api.handle.db, "order-a", tickets, now, "tickets")).toBe(true);
    expect(await verifyManageToken(api.handle.db, "order-a", manage, now, "tickets")).toBe(false);
  });
});
