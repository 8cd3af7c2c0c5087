/**
 * Server-side reads of the /my pages, made in process as the visitor (their cookie and
 * address), like the account pages' visitorAuth: GET my/membership and GET
 * my/identity/saved_payment_method. Server only.
 */
import type { AstroGlobal } from "astro";
import { membershipApi } from "../../../api/membership/client.ts";
import {
  type SavedPaymentMethodEnvelope,
  savedPaymentMethodEnvelope,
} from "../../../api/membership/renew-schemas.ts";
import type { MyMembershipEnvelope } from "../../../api/membership/schemas.ts";
import { clientAddressOf, visitorClient } from "../client.ts";

type PageContext = Pick<AstroGlobal, "request" | "clientAddress">;

function visitorClientOf(context: PageContext) {
  return visitorClient({
    cookie: context.request.headers.get("cookie"),
    clientAddress: clientAddressOf(context),
  });
}

export function visitorMemberships(context: PageContext, seller: string): Promise<MyMembershipEnvelope> {
  const client = visitorClientOf(context);
  return membershipApi({ cached: client, fresh: client }, seller).myMembership();
}

export function visitorSavedMethods(
  context: PageContext,
  seller: string,
): Promise<SavedPaymentMethodEnvelope> {
  return visitorClientOf(context).get(
    "my/identity/saved_payment_method",
    { _seller: seller },
    savedPaymentMethodEnvelope,
  );
}
