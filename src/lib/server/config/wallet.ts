/**
 * Wallet pass configuration, read from the environment here and nowhere else. The
 * certificates and keys are secrets, so they live in server env config (file paths), not in the
 * tenant files. One set serves every tenant of the deployment (the pass shows each tenant's name,
 * colours and logo).
 *
 * Apple Wallet (.pkpass), all required together:
 * - FOYER_APPLE_PASS_TYPE_ID       the pass type identifier, e.g. pass.com.example.tickets
 * - FOYER_APPLE_TEAM_ID            the Apple developer team id
 * - FOYER_APPLE_SIGNER_CERT_FILE   PEM file: the pass type certificate
 * - FOYER_APPLE_SIGNER_KEY_FILE    PEM file: its private key
 * - FOYER_APPLE_SIGNER_KEY_PASSPHRASE  the key's passphrase (optional)
 * - FOYER_APPLE_WWDR_CERT_FILE     PEM file: Apple's WWDR intermediate certificate
 *
 * Google Wallet (save link), all required together:
 * - FOYER_GOOGLE_WALLET_ISSUER_ID     the Google Wallet issuer id
 * - FOYER_GOOGLE_WALLET_KEY_FILE      the service account's JSON key file (client_email, private_key)
 *
 * In demo mode (config/mode.ts) a provider without configuration signs with local keys made once
 * and kept in the database (services/tickets/keys.ts), so the whole path runs offline. In
 * production a provider without configuration is off: the precheck answers ok false.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { foyerMode } from "./mode.ts";

export interface AppleWalletConfig {
  passTypeIdentifier: string;
  teamIdentifier: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
  wwdr: string;
}

export interface GoogleWalletConfig {
  issuerId: string;
  serviceAccountEmail: string;
  privateKeyPem: string;
}

/** Where a provider's keys come from: configured, demo (local keys), or off. */
export type WalletSource<T> = { kind: "configured"; config: T } | { kind: "demo" } | { kind: "off" };

const serviceAccountKey = z.object({
  client_email: z.string().min(3).max(320),
  private_key: z.string().min(100).max(20_000),
});

const text = (env: NodeJS.ProcessEnv, name: string) => env[name]?.trim() || undefined;

/** The file a setting names; the error names the setting, never its value. */
function file(env: NodeJS.ProcessEnv, name: string): string {
  try {
    return readFileSync(text(env, name) ?? "", "utf8");
  } catch {
    throw new Error(`${name} names a file that can't be read: set it to the path of a readable file.`);
  }
}

const APPLE_ENV_NAMES = [
  "FOYER_APPLE_PASS_TYPE_ID",
  "FOYER_APPLE_TEAM_ID",
  "FOYER_APPLE_SIGNER_CERT_FILE",
  "FOYER_APPLE_SIGNER_KEY_FILE",
  "FOYER_APPLE_WWDR_CERT_FILE",
] as const;

/** Every setting the wallet sources read. */
export const WALLET_ENV_NAMES = [
  ...APPLE_ENV_NAMES,
  "FOYER_APPLE_SIGNER_KEY_PASSPHRASE",
  "FOYER_GOOGLE_WALLET_ISSUER_ID",
  "FOYER_GOOGLE_WALLET_KEY_FILE",
] as const;

/** Apple's configuration; throws when it is set in part or a named file can't be read. */
export function appleWalletSource(env: NodeJS.ProcessEnv = process.env): WalletSource<AppleWalletConfig> {
  const names = APPLE_ENV_NAMES;
  const values = names.map((n) => text(env, n));
  if (values.every((v) => v === undefined))
    return foyerMode(env) === "demo" ? { kind: "demo" } : { kind: "off" };
  const missing = names.filter((_, i) => values[i] === undefined);
  if (missing.length) throw new Error(`Apple Wallet is configured in part: set ${missing.join(", ")}.`);
  const [passTypeIdentifier, teamIdentifier] = values as string[];
  const passphrase = text(env, "FOYER_APPLE_SIGNER_KEY_PASSPHRASE");
  return {
    kind: "configured",
    config: {
      passTypeIdentifier: passTypeIdentifier ?? "",
      teamIdentifier: teamIdentifier ?? "",
      signerCert: file(env, "FOYER_APPLE_SIGNER_CERT_FILE"),
      signerKey: file(env, "FOYER_APPLE_SIGNER_KEY_FILE"),
      ...(passphrase ? { signerKeyPassphrase: passphrase } : {}),
      wwdr: file(env, "FOYER_APPLE_WWDR_CERT_FILE"),
    },
  };
}

/** Google's configuration; throws when it is set in part or the key file is unreadable. */
export function googleWalletSource(env: NodeJS.ProcessEnv = process.env): WalletSource<GoogleWalletConfig> {
  const issuerId = text(env, "FOYER_GOOGLE_WALLET_ISSUER_ID");
  const keyFile = text(env, "FOYER_GOOGLE_WALLET_KEY_FILE");
  if (!issuerId && !keyFile) return foyerMode(env) === "demo" ? { kind: "demo" } : { kind: "off" };
  if (!issuerId || !keyFile) {
    throw new Error(
      "Google Wallet is configured in part: set FOYER_GOOGLE_WALLET_ISSUER_ID and FOYER_GOOGLE_WALLET_KEY_FILE.",
    );
  }
  let key: z.infer<typeof serviceAccountKey>;
  try {
    key = serviceAccountKey.parse(JSON.parse(file(env, "FOYER_GOOGLE_WALLET_KEY_FILE")));
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("FOYER_")) throw error;
    throw new Error(
      "FOYER_GOOGLE_WALLET_KEY_FILE is not a service account's JSON key (client_email, private_key).",
    );
  }
  return {
    kind: "configured",
    config: { issuerId, serviceAccountEmail: key.client_email, privateKeyPem: key.private_key },
  };
}

/** For the startup check (config/startup.ts): what is wrong with the wallet settings, one line each. */
export function walletConfigProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  for (const source of [appleWalletSource, googleWalletSource]) {
    try {
      source(env);
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  }
  return problems;
}
