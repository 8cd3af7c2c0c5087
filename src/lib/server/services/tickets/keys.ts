/**
 * The signing material for wallet passes: the configured Apple certificates and Google
 * service-account key (config/wallet.ts), or, in demo mode, a local set made once and reused:
 * - Apple: a self-signed CA standing in for Apple's WWDR certificate, and a pass signer
 *   certificate it signs (node-forge), with the pass type id `pass.foyer.demo` and team id `FOYERDEMO`.
 * - Google: an RSA key for a demo service account (`wallet-demo@foyer-demo.invalid`).
 * The demo set is kept in `server_secret` (rows `wallet_demo_apple`, `wallet_demo_google`), made
 * under a race-safe insert, so every server sharing the database signs with the same keys.
 * Demo passes install nowhere real (Apple and Google don't trust these keys); they prove the path.
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import forge from "node-forge";
import {
  type AppleWalletConfig,
  appleWalletSource,
  type GoogleWalletConfig,
  googleWalletSource,
  WALLET_ENV_NAMES,
  type WalletSource,
} from "../../config/wallet.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";

export const DEMO_APPLE_SECRET = "wallet_demo_apple";
export const DEMO_GOOGLE_SECRET = "wallet_demo_google";
const DEMO_PASS_TYPE_ID = "pass.foyer.demo";
const DEMO_TEAM_ID = "FOYERDEMO";
const DEMO_GOOGLE_ISSUER_ID = "3388000000000000000";
const DEMO_GOOGLE_EMAIL = "wallet-demo@foyer-demo.invalid";
const YEAR_MS = 365 * 24 * 3600 * 1000;

function rsaKeyPair(): forge.pki.rsa.KeyPair {
  const { privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs1", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  const key = forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
  return { privateKey: key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e) };
}

function certificate(
  subject: forge.pki.CertificateField[],
  issuer: forge.pki.CertificateField[],
  publicKey: forge.pki.PublicKey,
  signingKey: forge.pki.rsa.PrivateKey,
  ca: boolean,
  now: Date,
): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = `01${randomBytes(8).toString("hex")}`;
  cert.validity.notBefore = new Date(now.getTime() - 24 * 3600 * 1000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * YEAR_MS);
  cert.setSubject(subject);
  cert.setIssuer(issuer);
  cert.setExtensions(
    ca
      ? [
          { name: "basicConstraints", cA: true },
          { name: "keyUsage", keyCertSign: true, cRLSign: true, digitalSignature: true },
        ]
      : [
          { name: "basicConstraints", cA: false },
          { name: "keyUsage", digitalSignature: true },
        ],
  );
  cert.sign(signingKey, forge.md.sha256.create());
  return cert;
}

/** A fresh demo set: a "WWDR" CA and a signer certificate it signs. */
export function makeDemoAppleSet(now: Date): AppleWalletConfig {
  const caKeys = rsaKeyPair();
  const signerKeys = rsaKeyPair();
  const caName = [
    { name: "commonName", value: "Foyer Demo WWDR (not Apple)" },
    { name: "organizationName", value: "Foyer demo" },
  ];
  const signerName = [
    { name: "commonName", value: `Pass Type ID: ${DEMO_PASS_TYPE_ID}` },
    { type: "0.9.2342.19200300.100.1.1", value: DEMO_PASS_TYPE_ID },
    { name: "organizationalUnitName", value: DEMO_TEAM_ID },
    { name: "organizationName", value: "Foyer demo" },
  ];
  const ca = certificate(caName, caName, caKeys.publicKey, caKeys.privateKey, true, now);
  const signer = certificate(signerName, caName, signerKeys.publicKey, caKeys.privateKey, false, now);
  return {
    passTypeIdentifier: DEMO_PASS_TYPE_ID,
    teamIdentifier: DEMO_TEAM_ID,
    wwdr: forge.pki.certificateToPem(ca),
    signerCert: forge.pki.certificateToPem(signer),
    signerKey: forge.pki.privateKeyToPem(signerKeys.privateKey),
  };
}

/** A fresh demo Google service account (an RSA key). */
export function makeDemoGoogleAccount(): GoogleWalletConfig {
  const { privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  return {
    issuerId: DEMO_GOOGLE_ISSUER_ID,
    serviceAccountEmail: DEMO_GOOGLE_EMAIL,
    privateKeyPem: privateKey,
  };
}

/** The stored value of a demo secret, made with `make` the first time (race-safe: first insert wins). */
async function storedDemo<T>(ex: Executor, name: string, now: Date, make: () => T): Promise<T> {
  const read = async () => (await ex.select().from(s.serverSecret).where(eq(s.serverSecret.name, name)))[0];
  const existing = await read();
  if (existing) return JSON.parse(existing.value) as T;
  await ex
    .insert(s.serverSecret)
    .values({ name, value: JSON.stringify(make()), createdAt: now })
    .onConflictDoNothing();
  const row = await read();
  if (!row) throw new Error(`The demo wallet keys (${name}) could not be stored.`);
  return JSON.parse(row.value) as T;
}

/** The wallet sources of this process's environment (files read once per process). */
let sources:
  | { key: string; apple: WalletSource<AppleWalletConfig>; google: WalletSource<GoogleWalletConfig> }
  | undefined;

/**
 * The settings a wallet source is made from. Read by name: listing `process.env`'s keys on every
 * confirmation mail was 1.6 % of a checkout's CPU.
 */
const SOURCE_ENV = [...WALLET_ENV_NAMES, "FOYER_MODE", "NODE_ENV"] as const;

export function walletSources(env: NodeJS.ProcessEnv = process.env) {
  const key = SOURCE_ENV.map((k) => `${k}=${env[k] ?? ""}`).join("\n");
  if (sources?.key !== key) sources = { key, apple: appleWalletSource(env), google: googleWalletSource(env) };
  return sources;
}

/** True when the provider can sign passes (configured, or demo mode). */
export function providerReady(provider: "apple" | "google", env: NodeJS.ProcessEnv = process.env): boolean {
  return walletSources(env)[provider].kind !== "off";
}

/** Apple's signing set, or null when Apple Wallet is off. */
export async function appleSigning(
  ex: Executor,
  now: Date,
  env: NodeJS.ProcessEnv = process.env,
): Promise<AppleWalletConfig | null> {
  const source = walletSources(env).apple;
  if (source.kind === "configured") return source.config;
  if (source.kind === "off") return null;
  return storedDemo(ex, DEMO_APPLE_SECRET, now, () => makeDemoAppleSet(now));
}

/** Google's service account, or null when Google Wallet is off. */
export async function googleSigning(
  ex: Executor,
  now: Date,
  env: NodeJS.ProcessEnv = process.env,
): Promise<GoogleWalletConfig | null> {
  const source = walletSources(env).google;
  if (source.kind === "configured") return source.config;
  if (source.kind === "off") return null;
  return storedDemo(ex, DEMO_GOOGLE_SECRET, now, makeDemoGoogleAccount);
}
