/**
 * The visitor a storefront page shows in its header (src/middleware.ts, viewerFor): the session
 * cookie resolved, in one read, to the identity logged in with the page's seller and its first
 * name ("one combined read in place of two"). Null for anything else.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { viewerFor } from "../../../src/lib/server/page-data/visitor.ts";
import { hashSessionToken } from "../../../src/lib/server/services/identity/identity.ts";
import type { TestApi } from "../../helpers/api.ts";
import { withTestApi } from "../../helpers/api.ts";
import { itOnEachDatabase } from "../../helpers/each-database.ts";
import { call, freshAddress, HM, sessionCookie } from "../auth-helpers.ts";

const api = withTestApi();

async function loggedInToken(on: TestApi = api): Promise<string> {
  const answer = await call(
    on,
    "POST",
    "/api/login?_seller=harbour-museum",
    { username: HM.user.email, password: HM.user.password },
    { address: freshAddress() },
  );
  expect(answer.status).toBe(200);
  return sessionCookie(answer).split("=")[1] ?? "";
}

describe("viewerFor: 'the foyer_session cookie resolved to the identity logged in with the page's seller'", () => {
  it("a live session of this seller: the identity and the first name the header shows", async () => {
    const token = await loggedInToken();
    const viewer = await viewerFor(api.handle.db, "harbour-museum", token, api.clock.now());
    expect(viewer?.firstName).toBe(HM.user.firstName);
    const [session] = await api.handle.db
      .select({ identityId: s.authSession.identityId })
      .from(s.authSession)
      .where(eq(s.authSession.tokenHash, hashSessionToken(token)));
    expect(viewer?.identityId).toBe(session?.identityId);
  });

  it("null for a session of another seller, an unknown, empty or over-long token", async () => {
    const token = await loggedInToken();
    const now = api.clock.now();
    expect(await viewerFor(api.handle.db, "riverside-zoo", token, now)).toBeNull();
    expect(await viewerFor(api.handle.db, "harbour-museum", `${token}x`, now)).toBeNull();
    expect(await viewerFor(api.handle.db, "harbour-museum", undefined, now)).toBeNull();
    expect(await viewerFor(api.handle.db, "harbour-museum", "", now)).toBeNull();
    expect(await viewerFor(api.handle.db, "harbour-museum", "a".repeat(513), now)).toBeNull();
  });

  it("null once the session is revoked (logout) or has expired", async () => {
    const expiring = await loggedInToken();
    const [row] = await api.handle.db
      .select({ expiresAt: s.authSession.expiresAt })
      .from(s.authSession)
      .where(eq(s.authSession.tokenHash, hashSessionToken(expiring)));
    const expiresAt = row?.expiresAt ?? new Date(0);
    expect(
      await viewerFor(api.handle.db, "harbour-museum", expiring, new Date(expiresAt.getTime() - 1)),
    ).not.toBeNull();
    expect(await viewerFor(api.handle.db, "harbour-museum", expiring, expiresAt)).toBeNull();

    const revoked = await loggedInToken();
    const out = await call(
      api,
      "POST",
      "/api/logout?_seller=harbour-museum",
      {},
      { cookie: `foyer_session=${revoked}` },
    );
    expect(out.status).toBe(204);
    expect(await viewerFor(api.handle.db, "harbour-museum", revoked, api.clock.now())).toBeNull();
  });

  describe("the same read on each database (prepared; on PGlite a named statement run by EXECUTE)", () => {
    itOnEachDatabase(async (own) => {
      const token = await loggedInToken(own);
      const now = own.clock.now();
      for (let round = 0; round < 3; round++) {
        expect((await viewerFor(own.handle.db, "harbour-museum", token, now))?.firstName).toBe(
          HM.user.firstName,
        );
      }
      if (own.handle.kind === "pglite") {
        // The cheap path is the one taken: the statement is prepared on PGlite's one connection.
        const prepared = await own.handle.db.execute(sql`select name from pg_prepared_statements`);
        expect(JSON.stringify(prepared)).toContain("foyer_viewer_for");
      }
      expect(await viewerFor(own.handle.db, "riverside-zoo", token, now)).toBeNull();
      expect(await viewerFor(own.handle.db, "harbour-museum", `${token}x`, now)).toBeNull();
      const far = new Date(now.getTime() + 400 * 24 * 3600 * 1000);
      expect(await viewerFor(own.handle.db, "harbour-museum", token, far)).toBeNull();
      await own.handle.db
        .update(s.authSession)
        .set({ revokedAt: now })
        .where(eq(s.authSession.tokenHash, hashSessionToken(token)));
      expect(await viewerFor(own.handle.db, "harbour-museum", token, now)).toBeNull();
    });
  });
});
