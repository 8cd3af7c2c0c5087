/**
 * Server-side reads of the /my pages (issue 13), made in process as the visitor (their cookie and
 * address), like the account pages' visitorAuth: GET my/membership and GET
 * my/identity/saved_payment_method. Server only.
 */
import type { AstroGlobal } from "astro";
import { createApiClient } from "../../../api/client.ts";
import { membershipApi } from "../../../api/membership-client.ts";
import {
  type SavedPaymentMethodEnvelope,
  savedPaymentMethodEnvelope,
} from "../../../api/membership-renew-schemas.ts";
import type { MyMembershipEnvelope } from "../../../api/membership-schemas.ts";
import { getRuntime } from "../../runtime.ts";

type PageContext = Pick<AstroGlobal, "request" | "clientAddress">;

function visitorClient(context: PageContext) {
  const cookie = context.request.headers.get("cookie");
  let clientAddress: string | undefined;
  try {
    clientAddress = context.clientAddress;
  } catch {
    clientAddress = undefined;
  }
  return createApiClient({
    baseUrl: "http://foyer.internal",
    prefix: "/api",
    retries: 0,
    fetch: async (inner) => {
      if (cookie) inner.headers.set("cookie", cookie);
      return (await getRuntime()).api.fetch(inner, { clientAddress });
    },
  });
}

export function visitorMemberships(context: PageContext, seller: string): Promise<MyMembershipEnvelope> {
  const client = visitorClient(context);
  return membershipApi({ cached: client, fresh: client }, seller).myMembership();
}

export function visitorSavedMethods(
  context: PageContext,
  seller: string,
): Promise<SavedPaymentMethodEnvelope> {
  return visitorClient(context).get(
    "my/identity/saved_payment_method",
    { _seller: seller },
    savedPaymentMethodEnvelope,
  );
}
