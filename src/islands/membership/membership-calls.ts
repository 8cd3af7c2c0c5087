/**
 * The membership form's API glue: the membership client, loaded on first use (the form renders
 * before the client and the contract's schemas arrive; DESIGN §9 page budget). No rules here.
 */
import type { MembershipApi } from "../../lib/api/membership/client.ts";

const loading = new Map<string, Promise<MembershipApi>>();

export function membershipCalls(seller: string): Promise<MembershipApi> {
  let api = loading.get(seller);
  if (!api) {
    api = Promise.all([
      import("../../lib/api/membership/client.ts"),
      import("../../lib/api/browser.ts"),
    ]).then(([{ membershipApi }, { browserClients }]) => membershipApi(browserClients(), seller));
    loading.set(seller, api);
  }
  return api;
}
