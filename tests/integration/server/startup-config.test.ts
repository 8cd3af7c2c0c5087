/**
 * "Demo mode and production mode": one place of configuration for the mode; in
 * production mode the server refuses to start, and says exactly what to set, when the mailbox is
 * on, PUBLIC_URL is unset or invalid, a fixed test clock is set, or the demo seed would run on an
 * empty database. Demo mode warns when it listens beyond loopback.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { foyerMode } from "../../../src/lib/server/config/mode.ts";
import {
  ConfigurationError,
  checkDemoSeedAllowed,
  checkStartupConfig,
  PROBLEMS,
} from "../../../src/lib/server/config/startup.ts";
import { openDb } from "../../../src/lib/server/db/client.ts";
import * as s from "../../../src/lib/server/db/schema.ts";

/** A production environment with every setting safe; each test breaks one. */
const SAFE_PRODUCTION = {
  FOYER_MODE: "production",
  PUBLIC_URL: "https://tickets.example.com",
  DEMO_DATA: "off",
  SMTP_URL: "smtps://user:secret@smtp.example.com",
} as const;

function refusal(env: NodeJS.ProcessEnv): ConfigurationError {
  try {
    checkStartupConfig(env);
  } catch (error) {
    if (error instanceof ConfigurationError) return error;
    throw error;
  }
  throw new Error("expected the startup check to refuse");
}

describe("the mode, in one place", () => {
  it("npm start with nothing configured is the demo; NODE_ENV=production means production; FOYER_MODE decides", () => {
    expect(foyerMode({})).toBe("demo");
    expect(foyerMode({ NODE_ENV: "development" })).toBe("demo");
    expect(foyerMode({ NODE_ENV: "production" })).toBe("production");
    expect(foyerMode({ NODE_ENV: "production", FOYER_MODE: "demo" })).toBe("demo");
    expect(foyerMode({ FOYER_MODE: "Production" })).toBe("production");
    // A typo never falls into demo mode (the startup check refuses it, see below).
    expect(foyerMode({ FOYER_MODE: "prod" })).toBe("production");
  });
});

describe("a production start refuses unsafe settings with clear messages", () => {
  it("safe production settings start, with no problem", () => {
    expect(checkStartupConfig({ ...SAFE_PRODUCTION })).toEqual({ mode: "production", warnings: [] });
  });

  it("the mailbox is on: refused, saying to remove MAILBOX or set MAILBOX=off", () => {
    const error = refusal({ ...SAFE_PRODUCTION, MAILBOX: "on" });
    expect(error.problems).toEqual([PROBLEMS.mailboxOn]);
    expect(error.message).toContain("set MAILBOX=off");
  });

  it("PUBLIC_URL is unset: refused, saying to set PUBLIC_URL to the public https origin", () => {
    const error = refusal({ ...SAFE_PRODUCTION, PUBLIC_URL: undefined });
    expect(error.problems).toEqual([PROBLEMS.publicUrlUnset]);
    expect(error.message).toContain("PUBLIC_URL=https://tickets.example.com");
  });

  it("PUBLIC_URL is invalid or plain http: refused, saying what form it needs", () => {
    expect(refusal({ ...SAFE_PRODUCTION, PUBLIC_URL: "tickets.example.com" }).problems).toEqual([
      PROBLEMS.publicUrlInvalid,
    ]);
    expect(refusal({ ...SAFE_PRODUCTION, PUBLIC_URL: "ftp://tickets.example.com" }).problems).toEqual([
      PROBLEMS.publicUrlInvalid,
    ]);
    expect(refusal({ ...SAFE_PRODUCTION, PUBLIC_URL: "http://tickets.example.com" }).problems).toEqual([
      PROBLEMS.publicUrlNotHttps,
    ]);
  });

  it("regression: production accepted a PUBLIC_URL with a path, a query or a fragment (and dropped them from mail links); now it is refused, saying to give the origin only", () => {
    for (const PUBLIC_URL of [
      "https://tickets.example.com/shop",
      "https://tickets.example.com/?from=mail",
      "https://tickets.example.com#top",
    ]) {
      const error = refusal({ ...SAFE_PRODUCTION, PUBLIC_URL });
      expect(error.problems, PUBLIC_URL).toEqual([PROBLEMS.publicUrlNotOrigin]);
      expect(error.message).toContain("no path, query or fragment");
      expect(error.message).not.toContain(PUBLIC_URL);
    }
    // Credentials are no PUBLIC_URL at all, in either mode.
    expect(
      refusal({ ...SAFE_PRODUCTION, PUBLIC_URL: "https://user:secret@tickets.example.com" }).problems,
    ).toEqual([PROBLEMS.publicUrlInvalid]);
    // The origin with its trailing slash is fine; demo mode keeps taking the origin of a longer one.
    expect(checkStartupConfig({ ...SAFE_PRODUCTION, PUBLIC_URL: "https://tickets.example.com/" }).mode).toBe(
      "production",
    );
    expect(checkStartupConfig({ PUBLIC_URL: "http://127.0.0.1:4321/shop" }).mode).toBe("demo");
  });

  it("a fixed test clock (FOYER_NOW) is refused in production", () => {
    const error = refusal({ ...SAFE_PRODUCTION, FOYER_NOW: "2026-11-17T15:30:00-05:00" });
    expect(error.problems).toEqual([PROBLEMS.fixedClock]);
    expect(error.message).toContain("Remove FOYER_NOW");
  });

  it("an unknown FOYER_MODE is refused", () => {
    expect(refusal({ ...SAFE_PRODUCTION, FOYER_MODE: "prod" }).problems).toEqual([PROBLEMS.invalidMode]);
  });

  it("NODE_ENV=production with nothing else set lists every setting to fix at once", () => {
    const error = refusal({ NODE_ENV: "production", MAILBOX: "on" });
    expect(error.problems).toEqual([PROBLEMS.mailboxOn, PROBLEMS.publicUrlUnset]);
    expect(error.message).toMatch(/^Foyer refuses to start \(2 settings to fix\):\n {2}- MAILBOX=on/);
  });

  it("messages name settings, never their values (SMTP_URL may hold a password)", () => {
    const error = refusal({ ...SAFE_PRODUCTION, MAILBOX: "on", PUBLIC_URL: "http://user:pw@x" });
    expect(error.message).not.toContain("secret");
    expect(error.message).not.toContain("user:pw");
  });

  it("the demo seed would run on an empty database: refused, saying DEMO_DATA=off or npm run seed", async () => {
    const handle = await openDb({ kind: "pglite" });
    try {
      const env = { ...SAFE_PRODUCTION, DEMO_DATA: undefined };
      const error = await checkDemoSeedAllowed(handle.db, env).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as ConfigurationError).problems).toEqual([PROBLEMS.demoSeed]);
      expect((error as ConfigurationError).message).toContain("Set DEMO_DATA=off");
      expect((error as ConfigurationError).message).toContain("npm run seed");
      // Demo mode seeds it; a database that holds a shop (or a demo seeded on purpose) goes on.
      await expect(checkDemoSeedAllowed(handle.db, { FOYER_MODE: "demo" })).resolves.toBeUndefined();
      await handle.db
        .insert(s.seller)
        .values({ id: "a-shop", slug: "a-shop", name: "A shop", timezone: "UTC", currencyCode: "EUR" });
      await expect(checkDemoSeedAllowed(handle.db, env)).resolves.toBeUndefined();
    } finally {
      await handle.close();
    }
  });

  it("production without SMTP_URL starts, with a warning that mails are never delivered", () => {
    const { warnings } = checkStartupConfig({ ...SAFE_PRODUCTION, SMTP_URL: undefined });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("SMTP_URL is not set");
  });
});

describe("demo mode", () => {
  it("npm start with nothing configured starts in demo mode, with no warning on loopback", () => {
    expect(checkStartupConfig({})).toEqual({ mode: "demo", warnings: [] });
    expect(checkStartupConfig({ HOST: "127.0.0.1" }).warnings).toEqual([]);
    expect(checkStartupConfig({ HOST: "::1" }).warnings).toEqual([]);
    expect(checkStartupConfig({ HOST: "localhost" }).warnings).toEqual([]);
  });

  it("HOST not loopback in demo mode: a warning that says the mailbox /_mail is public", () => {
    const { warnings } = checkStartupConfig({ HOST: "0.0.0.0" });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("the mailbox at /_mail is public");
    // With the mailbox off there is nothing public to warn about.
    expect(checkStartupConfig({ HOST: "0.0.0.0", MAILBOX: "off" }).warnings).toEqual([]);
  });

  it("demo mode accepts a fixed test clock and the mailbox, but not an invalid PUBLIC_URL", () => {
    expect(checkStartupConfig({ FOYER_NOW: "2026-11-17T15:30:00-05:00", MAILBOX: "on" }).mode).toBe("demo");
    expect(refusal({ PUBLIC_URL: "not a url" }).problems).toEqual([PROBLEMS.publicUrlInvalid]);
  });
});

/** A copy of the demo content folder's tenant files, with `edit` applied to harbour-museum.json. */
function contentWithHarbour(edit: (tenant: HarbourFile) => string | undefined): string {
  const dir = mkdtempSync(join(tmpdir(), "foyer-tenants-"));
  cpSync(join(process.cwd(), "src/content/tenants"), join(dir, "tenants"), { recursive: true });
  const file = join(dir, "tenants", "harbour-museum.json");
  const tenant = JSON.parse(readFileSync(file, "utf8")) as HarbourFile;
  const replaced = edit(tenant);
  writeFileSync(file, replaced ?? JSON.stringify(tenant));
  return dir;
}

type HarbourFile = Record<string, unknown> & { theme: Record<string, unknown> };

describe("an invalid tenant file: the server refuses to start, naming the file and the field", () => {
  it("regression: a logoText over 80 characters started anyway, every page of both tenants answered 500 and /api/health 200; now demo and production mode refuse it", () => {
    const dir = contentWithHarbour((tenant) => {
      tenant.theme.logoText = "x".repeat(81);
      return undefined;
    });
    for (const env of [{ CONTENT_DIR: dir }, { ...SAFE_PRODUCTION, CONTENT_DIR: dir }]) {
      const error = refusal(env);
      expect(error.problems).toHaveLength(1);
      expect(error.problems[0]).toContain("tenants/harbour-museum.json");
      expect(error.problems[0]).toMatch(/invalid at theme\.logoText: /);
      expect(error.message).toContain("Foyer refuses to start");
    }
  });

  it("every field at fault is named, by its path in the file; a file that is not JSON is named too", () => {
    const twoFields = contentWithHarbour((tenant) => {
      tenant.theme.logoText = "x".repeat(81);
      tenant.hosts = ["Not A Host"];
      return undefined;
    });
    const problem = refusal({ CONTENT_DIR: twoFields }).problems[0] ?? "";
    expect(problem).toMatch(/theme\.logoText: /);
    expect(problem).toMatch(/hosts\.0: /);
    const notJson = contentWithHarbour(() => "{ not json");
    expect(refusal({ CONTENT_DIR: notJson }).problems[0]).toMatch(
      /tenants\/harbour-museum\.json is not valid JSON/,
    );
  });

  it("the valid tenant set starts, in either mode", () => {
    const dir = contentWithHarbour(() => undefined);
    expect(checkStartupConfig({ CONTENT_DIR: dir }).mode).toBe("demo");
    expect(checkStartupConfig({ ...SAFE_PRODUCTION, CONTENT_DIR: dir }).mode).toBe("production");
  });
});
