/**
 * Spec 1 §6 "A cart owned by the public identity may be modified by guests; a cart owned by a
 * logged-in identity only by that user": every cart call on a user's cart by anyone else is 403.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { withTestApi } from "../../helpers/api.ts";
import {
  asCart,
  cartOf,
  errorOf,
  loginIdentity,
  send,
  setSessionCapacity,
  upcomingSession,
} from "../../helpers/cart.ts";

const api = withTestApi();

async function cartFor(cookie: string | undefined, offset: number) {
  const session = await upcomingSession(api, "hm-general-admission", offset);
  await setSessionCapacity(api, session.id, 60, 0);
  const env = asCart(
    await send(
      api,
      "POST",
      "/api/my/cart/modify?_seller=harbour-museum",
      { add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id }] },
      cookie ? { cookie } : {},
    ),
  );
  return { env, session };
}

describe("cart ownership", () => {
  it("a logged-in user's cart belongs to that identity; another identity and an anonymous caller get 403 on every call", async () => {
    const owner = await loginIdentity(api);
    const other = await loginIdentity(api);
    const { env, session } = await cartFor(owner.cookie, 0);
    const id = cartOf(env).id;
    expect(cartOf(env).identity_id).toBe(owner.identityId);
    const later = new Date(api.clock.now().getTime() + 120_000).toISOString();
    const calls: [string, string, unknown][] = [
      ["GET", `/api/my/cart/${id}`, undefined],
      ["GET", `/api/cart/${id}`, undefined],
      [
        "POST",
        `/api/my/cart/${id}/modify`,
        { add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id }] },
      ],
      ["POST", `/api/my/cart/${id}/apply_code`, { code: "WELCOME10" }],
      ["PATCH", `/api/my/cart/${id}`, { expires_at: later }],
      ["DELETE", `/api/my/cart/${id}`, undefined],
    ];
    const callers: Record<string, string>[] = [
      { cookie: other.cookie },
      {},
      { cookie: "foyer_session=forged" },
    ];
    for (const headers of callers) {
      for (const [method, path, body] of calls) {
        const res = await send(api, method, path, body, headers);
        expect(res.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(errorOf(res)._code).toBe("forbidden");
      }
    }
    // The owner still can.
    const mine = { cookie: owner.cookie };
    expect(asCart(await send(api, "GET", `/api/my/cart/${id}`, undefined, mine)).ticket._count).toBe(1);
    expect((await send(api, "PATCH", `/api/my/cart/${id}`, { expires_at: later }, mine)).status).toBe(200);
    expect((await send(api, "DELETE", `/api/my/cart/${id}`, undefined, mine)).status).toBe(204);
  });

  it("an unknown, revoked or expired session is anonymous: its cart is public", async () => {
    const revoked = await loginIdentity(api);
    await api.handle.db
      .update(s.authSession)
      .set({ revokedAt: api.clock.now() })
      .where(eq(s.authSession.identityId, revoked.identityId));
    const expired = await loginIdentity(api);
    await api.handle.db
      .update(s.authSession)
      .set({ expiresAt: api.clock.now() })
      .where(eq(s.authSession.identityId, expired.identityId));
    for (const [i, cookie] of ["foyer_session=unknown-token", revoked.cookie, expired.cookie].entries()) {
      const { env } = await cartFor(cookie, 3 + i);
      expect(cartOf(env).identity_id).toBe("harbour-museum:public");
    }
  });

  it("anyone holding the id may change a public cart", async () => {
    const { env, session } = await cartFor(undefined, 2);
    const id = cartOf(env).id;
    const stranger = await loginIdentity(api);
    const changed = asCart(
      await send(
        api,
        "POST",
        `/api/my/cart/${id}/modify`,
        { add: [{ ticket_type_id: "hm-ga-child", event_session_id: session.id }] },
        { cookie: stranger.cookie },
      ),
    );
    expect(changed.ticket._count).toBe(2);
    expect(
      asCart(await send(api, "POST", `/api/my/cart/${id}/apply_code`, { code: "WELCOME10" })).cart._count,
    ).toBe(1);
    expect((await send(api, "DELETE", `/api/my/cart/${id}`)).status).toBe(204);
  });
});
