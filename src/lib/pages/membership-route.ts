/** Loading for /{seller}/membership/{action?}: the tenant and where the route goes (domain/membership-route.ts). */
import { type MembershipTarget, membershipTarget } from "../domain/membership-route.ts";
import { getTenant } from "../tenant/load.ts";
import type { Tenant } from "../tenant/schema.ts";

export function loadMembershipRoute(params: {
  seller?: string;
  action?: string;
}): { tenant: Tenant; target: MembershipTarget } | undefined {
  const tenant = getTenant(params.seller ?? "");
  if (!tenant) return undefined;
  const target = membershipTarget(
    {
      slug: tenant.slug,
      membershipEventId: tenant.portal.membership_event_id,
      membershipUrl: tenant.web.membership_url,
    },
    params.action,
  );
  return { tenant, target };
}
