/**
 * A real OpenID Connect provider (`oidc-provider` v9) on 127.0.0.1, for the external login tests
 * ("Test against a real OIDC provider started locally in the tests, never a mock of the
 * protocol"). Its development interactions serve the login form (any login name, which is the
 * account id here) and the consent form. Accounts are a mutable map, so a test can change an
 * account's e-mail at the provider. `loginAtProvider` plays a browser through those forms over
 * HTTP, with the provider's cookies.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type ClientMetadata } from "oidc-provider";

export interface ProviderAccount {
  email: string;
  email_verified: boolean | string;
  given_name?: string;
  family_name?: string;
  name?: string;
}

export interface TestProvider {
  issuer: string;
  /** By account id (the login name typed at the provider). */
  accounts: Map<string, ProviderAccount>;
  close(): Promise<void>;
}

export async function startOidcProvider(options: {
  port?: number;
  clients: ClientMetadata[];
  accounts: Record<string, ProviderAccount>;
}): Promise<TestProvider> {
  const accounts = new Map(Object.entries(options.accounts));
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: options.clients,
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name", "name"],
    },
    cookies: { keys: ["foyer-test-provider-cookie-key"] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...accounts.get(id) }) };
    },
  });
  // The development interactions warn on start; the tests know.
  provider.on("server_error", (_ctx, error) => {
    console.error("oidc-provider server_error", error);
  });
  handler = provider.callback();
  return {
    issuer,
    accounts,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A browser's cookies for one site: name to value, from Set-Cookie headers. */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

async function step(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header();
  if (cookie) headers.set("cookie", cookie);
  const res = await fetch(url, { ...init, headers, redirect: "manual" });
  jar.take(res);
  return res;
}

const submit = (jar: CookieJar, url: string, form: Record<string, string>) =>
  step(jar, url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });

/**
 * Follows the provider's redirects from the authorization URL, logging in as `accountId` (or
 * aborting, as a visitor who cancels) and consenting, until the provider sends the browser away;
 * answers that last location (the client's redirect URI with code and state, or an error).
 */
export async function loginAtProvider(
  authorizationUrl: string,
  accountId: string,
  options: { abort?: boolean; jar?: CookieJar } = {},
): Promise<URL> {
  const jar = options.jar ?? new CookieJar();
  const providerOrigin = new URL(authorizationUrl).origin;
  let url = authorizationUrl;
  for (let hops = 0; hops < 12; hops++) {
    const res = await step(jar, url);
    const location = res.headers.get("location");
    if (res.status >= 300 && res.status < 400 && location) {
      const next = new URL(location, url);
      if (next.origin !== providerOrigin) return next;
      url = next.href;
      continue;
    }
    const html = await res.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action || !prompt) {
      throw new Error(`provider page ${res.status} without a form: ${html.slice(0, 300)}`);
    }
    const target = new URL(action, url).href;
    const answer = options.abort
      ? await step(jar, `${target}/abort`)
      : prompt === "login"
        ? await submit(jar, target, { prompt, login: accountId, password: "any" })
        : await submit(jar, target, { prompt });
    const after = answer.headers.get("location");
    if (!after) throw new Error(`provider form answered ${answer.status} without a redirect`);
    const next = new URL(after, target);
    if (next.origin !== providerOrigin) return next;
    url = next.href;
  }
  throw new Error("provider: too many redirects");
}
