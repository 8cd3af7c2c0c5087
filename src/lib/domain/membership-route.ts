/**
 * Where /{seller}/membership/{action?} goes (spec 2 §2): to the external membership URL when one
 * is configured, else to the membership event page (/events/{id} or /events/{id}/{action}), else
 * nowhere (the page shows the unavailable message). `/membership/redeem` is its own page
 * (pages/[seller]/membership/redeem.astro), which wins over this dynamic route; the
 * `redeem` case here only serves callers of this function. An unknown action is not found.
 */

export const MEMBERSHIP_ACTIONS = ["renew", "gift", "redeem"] as const;
export type MembershipAction = (typeof MEMBERSHIP_ACTIONS)[number];

export type MembershipTarget =
  | { kind: "redirect"; location: string }
  | { kind: "unavailable" }
  | { kind: "not_found" };

export function membershipTarget(
  tenant: { slug: string; membershipEventId?: string; membershipUrl?: string },
  action: string | undefined,
): MembershipTarget {
  if (action !== undefined && !(MEMBERSHIP_ACTIONS as readonly string[]).includes(action)) {
    return { kind: "not_found" };
  }
  if (tenant.membershipUrl) return { kind: "redirect", location: tenant.membershipUrl };
  if (!tenant.membershipEventId) return { kind: "unavailable" };
  const event = `/${tenant.slug}/events/${encodeURIComponent(tenant.membershipEventId)}`;
  const eventAction = action === "redeem" ? undefined : action;
  return { kind: "redirect", location: eventAction ? `${event}/${eventAction}` : event };
}
