/**
 * The login by member ID that a page URL's `member_code` + `zip_code` ask for (spec doc 2 §2): the
 * same POST login the login form makes, in process, with the page request's address and scheme (rate
 * limits, Secure cookies). The middleware calls it (src/middleware.ts).
 */
import { getRuntime } from "../../runtime.ts";

export type MemberCodeLogin = { ok: true; setCookies: string[] } | { ok: false; code: string };

/** POST login with the member ID in process; its cookie on success, else the error code. */
export async function memberCodeLogin(
  request: Request,
  clientAddress: string | undefined,
  seller: string,
  body: { scan_code: string; zip_code: string },
): Promise<MemberCodeLogin> {
  const { api } = await getRuntime();
  const url = new URL(`/api/login?_seller=${encodeURIComponent(seller)}`, request.url);
  const inner = new Request(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      origin: url.origin,
      "X-Ecommerce-App": "foyer-web",
    },
    body: JSON.stringify({ credential_type: "scan_code", ...body }),
  });
  // The same client address and scheme as the page request (rate limits, Secure cookies).
  for (const name of ["x-forwarded-for", "x-forwarded-proto"]) {
    const value = request.headers.get(name);
    if (value) inner.headers.set(name, value);
  }
  const res = await api.fetch(inner, { clientAddress });
  if (res.ok) return { ok: true, setCookies: res.headers.getSetCookie() };
  const answer = (await res.json().catch(() => ({}))) as { _data?: Array<{ _code?: unknown }> };
  const code = answer._data?.[0]?._code;
  return { ok: false, code: typeof code === "string" ? code : "unexpected" };
}
