/**
 * "Certificates come from configuration (the pass type id, team id, signer certificate
 * and key, and Apple's WWDR certificate)" and the Google service-account key; walletprecheck
 * "answers per provider whether it is configured and the ticket can have a pass". In production
 * mode with nothing configured both providers are off; with files named in the environment the
 * passes are signed with exactly those keys.
 */
import { createPublicKey } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeJwt, jwtVerify } from "jose";
import forge from "node-forge";
import { afterEach, describe, expect, it, vi } from "vitest";
import { walletPrecheckAnswer } from "../../../src/lib/api/tickets/schemas.ts";
import { ConfigurationError, checkStartupConfig } from "../../../src/lib/server/config/startup.ts";
import {
  appleWalletSource,
  googleWalletSource,
  walletConfigProblems,
} from "../../../src/lib/server/config/wallet.ts";
import { makeDemoAppleSet, makeDemoGoogleAccount } from "../../../src/lib/server/services/tickets/keys.ts";
import { withTestApi } from "../../helpers/api.ts";
import { checkDetachedSignature, unzip } from "./pkcs7.ts";
import { type TicketOrderFixture, ticketOrder } from "./tickets-helpers.ts";

const api = withTestApi();
let fixture: TicketOrderFixture | undefined;
const order = async () => {
  fixture ??= await ticketOrder(api);
  return fixture;
};
const get = (path: string, cookie: string) =>
  api.app.request(path, { headers: { cookie }, redirect: "manual" });

afterEach(() => {
  vi.unstubAllEnvs();
});

/** A configured set on disk: the "Apple" certificates (key under a passphrase) and a Google key file. */
function configuredFiles() {
  const dir = mkdtempSync(join(tmpdir(), "foyer-wallet-"));
  const apple = makeDemoAppleSet(new Date("2026-01-01T00:00:00Z"));
  const google = makeDemoGoogleAccount();
  const encryptedKey = forge.pki.encryptRsaPrivateKey(
    forge.pki.privateKeyFromPem(apple.signerKey),
    "s3cret",
    {
      algorithm: "aes256",
    },
  );
  const paths = {
    cert: join(dir, "signer.pem"),
    key: join(dir, "signer.key"),
    wwdr: join(dir, "wwdr.pem"),
    google: join(dir, "service-account.json"),
  };
  writeFileSync(paths.cert, apple.signerCert);
  writeFileSync(paths.key, encryptedKey);
  writeFileSync(paths.wwdr, apple.wwdr);
  writeFileSync(
    paths.google,
    JSON.stringify({
      type: "service_account",
      client_email: "tickets@example-project.iam.gserviceaccount.com",
      private_key: google.privateKeyPem,
    }),
  );
  return { apple, google, paths };
}

describe("wallet configuration ('Certificates come from configuration')", () => {
  it("production mode with nothing configured: walletprecheck ok false for both providers, and no pass", async () => {
    const o = await order();
    vi.stubEnv("FOYER_MODE", "production");
    const res = await get(`/api/ticket/${o.tickets.admission.id}/walletprecheck`, o.cookie);
    expect(walletPrecheckAnswer.parse(await res.json()).wallet_precheck).toEqual([
      { provider: "apple", ok: false },
      { provider: "google", ok: false },
    ]);
    expect((await get(`/api/ticket/${o.tickets.admission.id}/pkpass`, o.cookie)).status).toBe(404);
    expect((await get(`/api/ticket/${o.tickets.admission.id}/gwpass`, o.cookie)).status).toBe(404);
  });

  it("configured files (production): ok true, the pass is signed by the configured certificate with its pass type id, the JWT by the service account", async () => {
    const o = await order();
    const { apple, google, paths } = configuredFiles();
    vi.stubEnv("FOYER_MODE", "production");
    vi.stubEnv("FOYER_APPLE_PASS_TYPE_ID", "pass.com.example.tickets");
    vi.stubEnv("FOYER_APPLE_TEAM_ID", "ABCDE12345");
    vi.stubEnv("FOYER_APPLE_SIGNER_CERT_FILE", paths.cert);
    vi.stubEnv("FOYER_APPLE_SIGNER_KEY_FILE", paths.key);
    vi.stubEnv("FOYER_APPLE_SIGNER_KEY_PASSPHRASE", "s3cret");
    vi.stubEnv("FOYER_APPLE_WWDR_CERT_FILE", paths.wwdr);
    vi.stubEnv("FOYER_GOOGLE_WALLET_ISSUER_ID", "3388000000022222222");
    vi.stubEnv("FOYER_GOOGLE_WALLET_KEY_FILE", paths.google);

    const pre = await get(`/api/ticket/${o.tickets.admission.id}/walletprecheck`, o.cookie);
    expect(walletPrecheckAnswer.parse(await pre.json()).wallet_precheck.map((p) => p.ok)).toEqual([
      true,
      true,
    ]);

    const res = await get(`/api/ticket/${o.tickets.admission.id}/pkpass`, o.cookie);
    expect(res.status).toBe(200);
    const files = unzip(Buffer.from(await res.arrayBuffer()));
    const pass = JSON.parse(files.get("pass.json")?.toString("utf8") ?? "{}");
    expect([pass.passTypeIdentifier, pass.teamIdentifier]).toEqual([
      "pass.com.example.tickets",
      "ABCDE12345",
    ]);
    const check = checkDetachedSignature(
      files.get("signature") ?? Buffer.alloc(0),
      files.get("manifest.json") ?? Buffer.alloc(0),
      apple.wwdr,
    );
    expect([check.chainOk, check.digestOk, check.signatureOk]).toEqual([true, true, true]);

    const redirect = await get(`/api/ticket/${o.tickets.admission.id}/gwpass`, o.cookie);
    expect(redirect.status).toBe(302);
    const jwt = (redirect.headers.get("location") ?? "").replace("https://pay.google.com/gp/v/save/", "");
    const publicKey = createPublicKey(google.privateKeyPem);
    await jwtVerify(jwt, publicKey, {
      issuer: "tickets@example-project.iam.gserviceaccount.com",
      audience: "google",
    });
    const claims = decodeJwt(jwt) as {
      payload: { eventTicketObjects: { id: string; barcode: { value: string } }[] };
    };
    expect(claims.payload.eventTicketObjects[0]?.id).toBe(`3388000000022222222.${o.tickets.admission.id}`);
    expect(claims.payload.eventTicketObjects[0]?.barcode.value).toBe(o.tickets.admission.scanCode);
  });

  it("a provider configured in part is refused with the missing settings named", () => {
    expect(() => appleWalletSource({ FOYER_APPLE_PASS_TYPE_ID: "pass.x" })).toThrow(/FOYER_APPLE_TEAM_ID/);
    expect(() => googleWalletSource({ FOYER_GOOGLE_WALLET_ISSUER_ID: "1" })).toThrow(
      /FOYER_GOOGLE_WALLET_KEY_FILE/,
    );
    expect(appleWalletSource({ FOYER_MODE: "demo" }).kind).toBe("demo");
    // The startup check refuses such settings, naming the variable but never its value.
    const secretPath = "/nowhere/secret-key-path.json";
    expect(() =>
      checkStartupConfig({ FOYER_GOOGLE_WALLET_ISSUER_ID: "1", FOYER_GOOGLE_WALLET_KEY_FILE: secretPath }),
    ).toThrow(ConfigurationError);
    const problems = walletConfigProblems({
      FOYER_GOOGLE_WALLET_ISSUER_ID: "1",
      FOYER_GOOGLE_WALLET_KEY_FILE: secretPath,
    });
    expect(problems).toEqual([
      expect.stringContaining("FOYER_GOOGLE_WALLET_KEY_FILE names a file that can't be read"),
    ]);
    expect(problems.join("")).not.toContain(secretPath);
    expect(walletConfigProblems({ FOYER_MODE: "production" })).toEqual([]);
    expect(googleWalletSource({ FOYER_MODE: "production" }).kind).toBe("off");
  });
});
