/**
 * Server-side glue of the cancel-auto-renew page: the order's memberships read in
 * process as this visitor (their cookie, so the API sees the same caller), and the island's strings.
 * Server only.
 */
import type { AstroGlobal } from "astro";
import type { AutoRenewStrings } from "../../../../islands/membership/auto-renew/CancelAutoRenew.tsx";
import { ApiClientError } from "../../../api/errors.ts";
import { autoRenewApi } from "../../../api/membership/renew-client.ts";
import type { AutoRenewEnvelope } from "../../../api/membership/renew-schemas.ts";
import type { Tenant } from "../../../tenant/schema.ts";
import { isIslandSharedKey, stringSubset } from "../../../tenant/strings.ts";
import { visitorClient } from "../client.ts";

type PageContext = Pick<AstroGlobal, "request">;

export type AutoRenewRead =
  | { kind: "ok"; answer: AutoRenewEnvelope }
  | { kind: "login" }
  | { kind: "notFound" };

/** GET ticket_order/{id}/auto_renew as the visitor: 401 asks for a login; 403 and 404 read as not found. */
export async function readOrderAutoRenew(
  context: PageContext,
  seller: string,
  orderId: string,
): Promise<AutoRenewRead> {
  const client = visitorClient({ cookie: context.request.headers.get("cookie") });
  try {
    return { kind: "ok", answer: await autoRenewApi(client, seller).read(orderId) };
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 401) return { kind: "login" };
    if (error instanceof ApiClientError && (error.status === 403 || error.status === 404)) {
      return { kind: "notFound" };
    }
    throw error;
  }
}

export function autoRenewStrings(tenant: Tenant): AutoRenewStrings {
  return stringSubset(tenant, isAutoRenewStringKey);
}

function isAutoRenewStringKey(key: string): key is keyof AutoRenewStrings {
  return key.startsWith("autoRenew.") || isIslandSharedKey(key);
}
