/**
 * The API on a tenant's own host name: the Host names the seller, so a request needs no
 * `_seller` (the original API's clients send none). The request goes on with `_seller={slug}`
 * added; a `_seller` naming another seller is refused with 404 (never another tenant's data).
 * A deployment with one tenant (a venue's own Foyer) treats every host so: its API calls need no
 * `_seller` either. With several tenants, a request on any other host is left as it is.
 */

import { soleTenant, tenantForHost } from "../../tenant/load.ts";
import type { Db } from "../db/client.ts";
import { notFound } from "../errors/api-error.ts";
import { findSeller } from "../services/catalogue/reads.ts";

/** The request with its seller named, or the refusal to answer. */
export async function withHostSeller(request: Request, db: Db): Promise<Request | Response> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return request;
  }
  const tenant = tenantForHost(url.host) ?? soleTenant();
  if (!tenant) return request;
  const named = url.searchParams.getAll("_seller");
  if (named.length === 0) {
    url.searchParams.set("_seller", tenant.slug);
    const init: RequestInit & { duplex?: "half" } = {
      method: request.method,
      headers: request.headers,
      signal: request.signal,
    };
    if (request.body) {
      init.body = request.body;
      init.duplex = "half";
    }
    return new Request(url, init);
  }
  for (const ref of named) {
    if (ref === tenant.slug) continue;
    // `_seller` may be the seller's id too; anything but this tenant is not found on its host.
    const seller = ref ? await findSeller(db, ref) : null;
    if (seller?.slug !== tenant.slug) {
      const error = notFound("seller", ref);
      return Response.json(error.body(), { status: error.status, headers: { "Cache-Control": "no-store" } });
    }
  }
  return request;
}
