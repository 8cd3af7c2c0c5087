/**
 * External login rules free of I/O (spec 2 §8 "External login": 'Please enable cookies
 * and try again'; 'Auth0 could not be initialized. Please try again.'; "An Invalid state error
 * navigates forward, with the session message shown for about 5 seconds. Tenant auth error redirect
 * wait is 5 s."), the tenant config that switches it on, and which issuers may use plain http.
 */
import { describe, expect, it } from "vitest";
import {
  callbackFailureView,
  callbackNextPath,
  EXTERNAL_LOGIN_FORWARD_WAIT_S,
  emailFromClaims,
  externalLoginStartHref,
  initFailedKey,
  isEmailVerified,
  namesFromClaims,
} from "../../../src/lib/domain/external-login/outcome.ts";
import { externalLoginSetup } from "../../../src/lib/server/services/external-login/config.ts";
import { issuerProblem } from "../../../src/lib/server/services/external-login/provider.ts";
import { externalLoginSchema } from "../../../src/lib/tenant/schema-external-login.ts";
import { defaultStrings, t } from "../../../src/lib/tenant/strings.ts";

describe("spec 2 §8 external login texts and what the callback page does", () => {
  it("the spec's texts are the defaults: 'Please enable cookies and try again'; 'Auth0 could not be initialized. Please try again.'", () => {
    expect(defaultStrings["login.external.cookies"]).toBe("Please enable cookies and try again");
    expect(defaultStrings["login.external.initFailed"]).toBe(
      "Auth0 could not be initialized. Please try again.",
    );
  });

  it("an Auth0 tenant keeps the spec's initialisation text; another provider's tenant gets it with its own label", () => {
    expect(initFailedKey("auth0")).toBe("login.external.initFailed");
    expect(initFailedKey("other")).toBe("login.external.initFailedOther");
    expect(t({ strings: {} }, initFailedKey("other"), { label: "Okta" })).toBe(
      "Okta could not be initialized. Please try again.",
    );
  });

  it("'An Invalid state error navigates forward' and 'Tenant auth error redirect wait is 5 s'; cookies, unverified and provider failures stay", () => {
    expect(EXTERNAL_LOGIN_FORWARD_WAIT_S).toBe(5);
    expect(callbackFailureView("invalid_state", "other")).toEqual({
      message: "login.external.invalidState",
      after: "forward",
    });
    expect(callbackFailureView("external_login_refused", "other")).toEqual({
      message: "login.external.refused",
      after: "login",
    });
    expect(callbackFailureView("cookies_required", "auth0")).toEqual({
      message: "login.external.cookies",
      after: null,
    });
    expect(callbackFailureView("email_not_verified", "other").after).toBeNull();
    expect(callbackFailureView("external_login_unavailable", "auth0")).toEqual({
      message: "login.external.initFailed",
      after: null,
    });
    expect(callbackFailureView("something_else", "other").message).toBe("login.external.initFailedOther");
  });

  it("the page moves on only to a path of the seller", () => {
    expect(callbackNextPath("/harbour-museum/my/orders", "harbour-museum")).toBe("/harbour-museum/my/orders");
    expect(callbackNextPath("/harbour-museum/login?redirect=%2Fharbour-museum%2Fmy", "harbour-museum")).toBe(
      "/harbour-museum/login?redirect=%2Fharbour-museum%2Fmy",
    );
    for (const bad of [
      "https://evil.example",
      "//evil.example",
      "/harbour-museum.evil/x",
      "/riverside-zoo/my",
      42,
    ]) {
      expect(callbackNextPath(bad, "harbour-museum")).toBe("/harbour-museum/events");
    }
    expect(callbackNextPath("/harbour-museum//evil.example", "harbour-museum")).toBe(
      "/harbour-museum/events",
    );
  });

  it("the button's start link carries the seller, the return path and (on click) the cart", () => {
    expect(externalLoginStartHref("harbour-museum", "/harbour-museum/my")).toBe(
      "/api/login/external/start?_seller=harbour-museum&return=%2Fharbour-museum%2Fmy",
    );
    expect(externalLoginStartHref("harbour-museum", "/harbour-museum/my", "c-1")).toContain("&cart_id=c-1");
  });
});

describe("the provider's claims", () => {
  it("'Link to an existing identity by verified e-mail': only email_verified true (or the string 'true') counts", () => {
    expect(isEmailVerified(true)).toBe(true);
    expect(isEmailVerified("true")).toBe(true);
    for (const no of [false, "false", undefined, null, 1, "yes"]) expect(isEmailVerified(no)).toBe(false);
  });

  it("names come from given_name and family_name, else from name split at its last space", () => {
    expect(namesFromClaims({ given_name: " Ada ", family_name: "Lovelace" })).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
    });
    expect(namesFromClaims({ name: "Mary Ann Evans" })).toEqual({ firstName: "Mary Ann", lastName: "Evans" });
    expect(namesFromClaims({ name: "Cher" })).toEqual({ firstName: "Cher", lastName: null });
    expect(namesFromClaims({})).toEqual({ firstName: null, lastName: null });
  });

  it("an e-mail claim must look like one address", () => {
    expect(emailFromClaims({ email: " Ada@Example.test " })).toBe("Ada@Example.test");
    for (const bad of [
      undefined,
      3,
      "no-at-sign",
      "two@@example.test",
      "a b@example.test",
      `${"a".repeat(251)}@x.y`,
    ]) {
      expect(emailFromClaims({ email: bad })).toBeNull();
    }
  });
});

describe("tenant config web.external_login ('Configure it per tenant; with nothing configured, nothing of it shows')", () => {
  const base = { label: "Harbour ID", client_id: "foyer" };

  it("exactly one of issuer and issuer_env; scopes must include openid and email", () => {
    expect(externalLoginSchema.safeParse({ ...base, issuer: "https://id.example.test" }).success).toBe(true);
    expect(externalLoginSchema.safeParse({ ...base, issuer_env: "IDP_ISSUER" }).success).toBe(true);
    expect(externalLoginSchema.safeParse(base).success).toBe(false);
    expect(
      externalLoginSchema.safeParse({ ...base, issuer: "https://id.example.test", issuer_env: "IDP_ISSUER" })
        .success,
    ).toBe(false);
    expect(
      externalLoginSchema.safeParse({ ...base, issuer: "https://id.example.test", scopes: ["openid"] })
        .success,
    ).toBe(false);
    expect(externalLoginSchema.safeParse({ ...base, issuer_env: "lower-case" }).success).toBe(false);
  });

  it("resolves against the environment: no config or an unset issuer_env is off; the secret is read from client_secret_env", () => {
    const web = (external_login: unknown) => ({ web: { external_login } }) as never;
    expect(externalLoginSetup({ web: {} } as never, {})).toBeNull();
    const config = externalLoginSchema.parse({
      ...base,
      issuer_env: "IDP_ISSUER",
      client_secret_env: "IDP_SECRET",
    });
    expect(externalLoginSetup(web(config), {})).toBeNull();
    const setup = externalLoginSetup(web(config), {
      IDP_ISSUER: "https://id.example.test",
      IDP_SECRET: "s3cret",
    });
    expect(setup).toMatchObject({
      issuer: "https://id.example.test",
      clientSecret: "s3cret",
      secretMissing: false,
    });
    expect(externalLoginSetup(web(config), { IDP_ISSUER: "https://id.example.test" })?.secretMissing).toBe(
      true,
    );
  });

  it("plain http only for a loopback issuer (127.0.0.1, localhost), never otherwise", () => {
    expect(issuerProblem("https://tenant.auth0.com/")).toBeNull();
    expect(issuerProblem("http://127.0.0.1:4399")).toBeNull();
    expect(issuerProblem("http://localhost:4399")).toBeNull();
    expect(issuerProblem("http://idp.example.test")).toBe("issuer_not_https");
    expect(issuerProblem("http://127.0.0.1.evil.example")).toBe("issuer_not_https");
    expect(issuerProblem("ftp://127.0.0.1")).toBe("issuer_not_https");
    expect(issuerProblem("not a url")).toBe("issuer_not_a_url");
  });
});
