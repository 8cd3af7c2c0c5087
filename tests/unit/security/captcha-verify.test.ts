/**
 * Server captcha verification (spec 2 §5 "A captcha token is required for non-logged-in users when
 * a captcha public key is configured"): the siteverify form, the provider's answers, the timeout,
 * and fail-closed without a secret.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { captureLogLines } from "../../../src/lib/server/log/logger.ts";
import {
  captchaConfigFromEnv,
  captchaError,
  DEFAULT_CAPTCHA_VERIFY_URL,
  verifyCaptcha,
} from "../../../src/lib/server/security/captcha.ts";

const ENV = { CAPTCHA_SECRET_KEY: "0xSECRET", CAPTCHA_VERIFY_URL: "http://127.0.0.1:9/siteverify" };
const CHECK = { siteKey: "site-key-1", remoteIp: "203.0.113.7" };

function answering(body: unknown, status = 200) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fake = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  return { fake, calls };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("verifyCaptcha", () => {
  it("POSTs the siteverify form (secret, response, sitekey, remoteip) and a success answer passes", async () => {
    const { fake, calls } = answering({ success: true });
    const outcome = await verifyCaptcha("tok-1", CHECK, { env: ENV, fetch: fake });
    expect(outcome).toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(ENV.CAPTCHA_VERIFY_URL);
    expect(calls[0]?.init.method).toBe("POST");
    const form = new URLSearchParams(String(calls[0]?.init.body));
    expect(Object.fromEntries(form)).toEqual({
      secret: "0xSECRET",
      response: "tok-1",
      sitekey: "site-key-1",
      remoteip: "203.0.113.7",
    });
  });

  it("leaves remoteip out when the address is unknown", async () => {
    const { fake, calls } = answering({ success: true });
    await verifyCaptcha("tok-1", { siteKey: "k" }, { env: ENV, fetch: fake });
    expect(new URLSearchParams(String(calls[0]?.init.body)).has("remoteip")).toBe(false);
  });

  it("a success: false answer is rejected with the provider's error codes", async () => {
    const { fake } = answering({ success: false, "error-codes": ["invalid-input-response"] });
    const outcome = await verifyCaptcha("bad", CHECK, { env: ENV, fetch: fake });
    expect(outcome).toEqual({ ok: false, reason: "rejected", errorCodes: ["invalid-input-response"] });
    if (outcome.ok) throw new Error("unreachable");
    const error = captchaError(outcome);
    expect(error.status).toBe(400);
    expect(error.items[0]?._code).toBe("captcha_failed");
  });

  it("without CAPTCHA_SECRET_KEY nothing is sent and the outcome is not_configured (503, fail closed)", async () => {
    const { fake, calls } = answering({ success: true });
    const outcome = await verifyCaptcha("tok", CHECK, { env: {}, fetch: fake });
    expect(outcome).toEqual({ ok: false, reason: "not_configured", errorCodes: [] });
    expect(calls).toHaveLength(0);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    if (outcome.ok) throw new Error("unreachable");
    const error = captchaError(outcome);
    expect(error.status).toBe(503);
    expect(error.items[0]?._code).toBe("captcha_not_configured");
  });

  it("a provider that does not answer within the timeout is unavailable, not a pass", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const hanging = ((_url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(new DOMException("timed out", "TimeoutError")));
      })) as typeof fetch;
    const outcome = await verifyCaptcha("tok", CHECK, { env: ENV, fetch: hanging, timeoutMs: 20 });
    expect(outcome).toEqual({ ok: false, reason: "unavailable", errorCodes: [] });
  });

  it("an HTTP error or a malformed answer is unavailable, not a pass", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect((await verifyCaptcha("t", CHECK, { env: ENV, fetch: answering({}, 500).fake })).ok).toBe(false);
    const malformed = await verifyCaptcha("t", CHECK, {
      env: ENV,
      fetch: answering({ success: "yes" }).fake,
    });
    expect(malformed).toEqual({ ok: false, reason: "unavailable", errorCodes: [] });
  });

  it("the token and the secret never reach the logs", async () => {
    const logs = [vi.spyOn(console, "warn"), vi.spyOn(console, "error"), vi.spyOn(console, "info")];
    for (const spy of logs) spy.mockImplementation(() => undefined);
    const lines: string[] = [];
    const restoreLogger = captureLogLines((line) => lines.push(line), "trace");
    try {
      await verifyCaptcha("tok-SECRET-TOKEN", CHECK, { env: ENV, fetch: answering({}, 502).fake });
    } finally {
      restoreLogger();
    }
    expect(lines.join("")).toContain("captcha.verify_http_error");
    const logged = JSON.stringify(logs.flatMap((spy) => spy.mock.calls)) + lines.join("");
    expect(logged).not.toContain("tok-SECRET-TOKEN");
    expect(logged).not.toContain("0xSECRET");
  });
});

describe("captchaConfigFromEnv", () => {
  it("defaults the verify URL to hCaptcha's siteverify and refuses a non-http URL", () => {
    expect(captchaConfigFromEnv({ CAPTCHA_SECRET_KEY: "s" })).toEqual({
      secretKey: "s",
      verifyUrl: DEFAULT_CAPTCHA_VERIFY_URL,
    });
    expect(captchaConfigFromEnv({ CAPTCHA_SECRET_KEY: "  " })).toBeNull();
    expect(() =>
      captchaConfigFromEnv({ CAPTCHA_SECRET_KEY: "s", CAPTCHA_VERIFY_URL: "file:///x" }),
    ).toThrow();
  });
});
