/**
 * The startup check (DESIGN §5): in production mode the server refuses to start, and says exactly
 * what to set, when a setting would expose the shop; in demo mode it warns when the demo is
 * reachable from other machines. The runtime runs it before it opens the database
 * (`checkStartupConfig`) and before it would seed an empty one (`checkDemoSeedAllowed`);
 * scripts/serve.mjs prints the refusal and exits 1.
 *
 * Messages name variables and what to set them to, never their values (SMTP_URL and the like may
 * hold passwords).
 */
import { contentDir, loadTenants } from "../../tenant/load.ts";
import { FIXED_CLOCK_VAR } from "../clock-from-env.ts";
import type { Db } from "../db/client.ts";
import { isSeeded } from "../db/seed/index.ts";
import { mailboxEnabled, mailboxSetting } from "../mail/config.ts";
import { type FoyerMode, foyerMode, invalidModeSetting } from "./mode.ts";
import { isLoopbackHost, publicUrlSetting } from "./origins.ts";
import { walletConfigProblems } from "./wallet.ts";

/** A setting the server will not start with. `problems` are the lines of the message, one per setting. */
export class ConfigurationError extends Error {
  override readonly name = "ConfigurationError";
  constructor(readonly problems: readonly string[]) {
    super(
      `Foyer refuses to start (${problems.length === 1 ? "1 setting" : `${problems.length} settings`} to fix):\n${problems
        .map((p) => `  - ${p}`)
        .join("\n")}`,
    );
  }
}

export const PROBLEMS = {
  invalidMode: "FOYER_MODE must be `demo` or `production`.",
  mailboxOn:
    "MAILBOX=on serves every mail (passcodes, reset links) to anyone at /_mail. Production mode " +
    "has no mailbox: remove MAILBOX or set MAILBOX=off (or run the demo with FOYER_MODE=demo).",
  publicUrlUnset:
    "PUBLIC_URL is not set. Links in mails are built from it, never from a request's Host header: " +
    "set PUBLIC_URL to the storefront's public https origin, e.g. PUBLIC_URL=https://tickets.example.com.",
  publicUrlInvalid:
    "PUBLIC_URL is not a valid http(s) URL with a host name: set it to the storefront's public " +
    "origin, e.g. PUBLIC_URL=https://tickets.example.com.",
  publicUrlNotHttps:
    "PUBLIC_URL must be an https:// URL in production (links in mails carry reset tokens and " +
    "session cookies are Secure): e.g. PUBLIC_URL=https://tickets.example.com.",
  publicUrlNotOrigin:
    "PUBLIC_URL must be an origin only in production: no path, query or fragment (mail links are " +
    "built from the origin alone, so a path would be silently dropped): e.g. " +
    "PUBLIC_URL=https://tickets.example.com.",
  fixedClock:
    "FOYER_NOW fixes the server clock, for test servers only. Remove FOYER_NOW in production mode " +
    "(or run a test server with FOYER_MODE=demo).",
  demoSeed:
    "The database is empty and DEMO_DATA is not off, so the server would seed the demo tenants " +
    "(demo accounts, test gateway, known passwords) into it. Set DEMO_DATA=off for a real shop, or " +
    "seed the demo deliberately with `npm run seed`.",
} as const;

export interface StartupReport {
  mode: FoyerMode;
  /** Lines to print at startup: settings that work but that an operator should know about. */
  warnings: string[];
}

/** What the environment alone says: refuses (ConfigurationError) or answers the mode and warnings. */
export function checkStartupConfig(env: NodeJS.ProcessEnv = process.env): StartupReport {
  const mode = foyerMode(env);
  const problems: string[] = [];
  const warnings: string[] = [];
  if (invalidModeSetting(env)) problems.push(PROBLEMS.invalidMode);
  const publicUrl = publicUrlSetting(env);
  // A wrong PUBLIC_URL is refused in either mode: it was set on purpose and mail links need it.
  if (publicUrl.kind === "invalid") problems.push(PROBLEMS.publicUrlInvalid);

  if (mode === "production") {
    if (mailboxSetting(env) === "on") problems.push(PROBLEMS.mailboxOn);
    if (publicUrl.kind === "unset") problems.push(PROBLEMS.publicUrlUnset);
    if (publicUrl.kind === "valid" && !publicUrl.https) problems.push(PROBLEMS.publicUrlNotHttps);
    if (publicUrl.kind === "valid" && publicUrl.beyondOrigin) problems.push(PROBLEMS.publicUrlNotOrigin);
    if (env[FIXED_CLOCK_VAR]?.trim()) problems.push(PROBLEMS.fixedClock);
    if (!env.SMTP_URL?.trim()) {
      warnings.push(
        "SMTP_URL is not set: mails (order confirmations, passcodes, reset links) are written to the " +
          "outbox but never delivered. Set SMTP_URL=smtps://user:password@smtp.example.com.",
      );
    }
  } else {
    const host = env.HOST?.trim();
    if (host && !isLoopbackHost(host) && mailboxEnabled(env)) {
      warnings.push(
        `Demo mode listens on HOST=${host}, which is not a loopback address: the mailbox at /_mail is ` +
          "public, so anyone who can reach this server reads every passcode and reset link. Use " +
          "HOST=127.0.0.1, or MAILBOX=off, or production mode (FOYER_MODE=production) for a real shop.",
      );
    }
  }
  // Wallet passes: a provider configured in part, or naming unreadable files.
  problems.push(...walletConfigProblems(env));
  problems.push(...tenantFileProblems(env));
  if (problems.length > 0) throw new ConfigurationError(problems);
  return { mode, warnings };
}

/**
 * The tenant files of CONTENT_DIR, checked in either mode: they are the storefronts' source of
 * truth, and one invalid file would otherwise only fail every page of every tenant at its first
 * request while /api/health stays 200. The message names the file and each field at fault.
 */
export function tenantFileProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  try {
    loadTenants(contentDir(env));
    return [];
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return [`${reason} (in CONTENT_DIR ${contentDir(env)}): fix the file; no storefront starts with it.`];
  }
}

/**
 * Run before the demo data is prepared (DEMO_DATA not off): in production mode an empty database
 * would get the demo tenants, so the server refuses instead; a database that holds data (a demo
 * seeded on purpose with `npm run seed`) only gets its demo session days topped up.
 */
export async function checkDemoSeedAllowed(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (foyerMode(env) === "production" && !(await isSeeded(db))) {
    throw new ConfigurationError([PROBLEMS.demoSeed]);
  }
}
