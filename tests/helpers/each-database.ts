/**
 * A scenario on each database the shop runs on: an own test API on PGlite, and (when
 * TEST_DATABASE_URL is set) on a fresh PostgreSQL database where concurrent calls really run at
 * the same time. Each gets its own `it`, named after the database.
 */
import { it } from "vitest";
import { createTestApi, type TestApi } from "./api.ts";
import { withFreshPostgres } from "./postgres.ts";

export function itOnEachDatabase(scenario: (api: TestApi) => Promise<void>, timeout?: number): void {
  const run = async (own: TestApi) => {
    try {
      await scenario(own);
    } finally {
      await own.close();
    }
  };
  it("PGlite", async () => run(await createTestApi()), timeout);
  const url = process.env.TEST_DATABASE_URL;
  it.skipIf(!url)(
    "PostgreSQL",
    async () =>
      withFreshPostgres(url ?? "", async (dbUrl) =>
        run(await createTestApi({ target: { kind: "postgres", url: dbUrl } })),
      ),
    timeout,
  );
}
