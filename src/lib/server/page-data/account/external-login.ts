/**
 * Server-side glue of the login callback page (spec 2 §2 login callback path): the
 * provider's query goes to GET login/external/callback in process, with the browser's cookies,
 * address and scheme (so the API sees the same caller), and the session cookie comes back.
 * Server only.
 */
import type { AstroGlobal } from "astro";
import { getRuntime } from "../../runtime.ts";

/** The tenant's external login: what a login form shows (option), and its setup (the callback page). */
export { externalLoginOption, externalLoginSetup } from "../../services/external-login/config.ts";

export type CallbackResult =
  | { ok: true; redirect: string; setCookies: string[] }
  | { ok: false; status: number; code: string; redirect: unknown };

type PageContext = Pick<AstroGlobal, "request" | "url" | "clientAddress">;

export async function externalCallback(context: PageContext, seller: string): Promise<CallbackResult> {
  const { api } = await getRuntime();
  const params = new URLSearchParams(context.url.searchParams);
  params.set("_seller", seller);
  const url = new URL(`/api/login/external/callback?${params.toString()}`, context.request.url);
  const inner = new Request(url, { headers: { accept: "application/json", "X-Ecommerce-App": "foyer-web" } });
  for (const name of ["cookie", "x-forwarded-for", "x-forwarded-proto"]) {
    const value = context.request.headers.get(name);
    if (value) inner.headers.set(name, value);
  }
  let clientAddress: string | undefined;
  try {
    clientAddress = context.clientAddress;
  } catch {
    clientAddress = undefined;
  }
  const res = await api.fetch(inner, { clientAddress });
  const body = (await res.json().catch(() => ({}))) as {
    redirect?: unknown;
    _data?: Array<{ _code?: unknown; _extra?: { redirect?: unknown } }>;
  };
  if (res.ok && typeof body.redirect === "string") {
    return { ok: true, redirect: body.redirect, setCookies: res.headers.getSetCookie() };
  }
  const item = body._data?.[0];
  return {
    ok: false,
    status: res.ok ? 502 : res.status,
    code: typeof item?._code === "string" ? item._code : "unexpected",
    redirect: item?._extra?.redirect,
  };
}
