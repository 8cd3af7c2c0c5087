/**
 * The my-account navigation and the /my landing (spec 2 §2): sections Membership (only with a
 * membership), Profile, Tickets and Logout; Profile, upcoming tickets and recent orders each follow
 * their `my_account_pages` flag. Tickets goes to the upcoming tickets, or to the recent orders when
 * upcoming is off, and is left out when both are off. `/my` goes to /my/membership with a
 * membership, else /my/profile (or the first section left). Pure: no I/O.
 */

export interface MyAccountPages {
  upcoming: boolean;
  orders: boolean;
  profile: boolean;
}

export type AccountSection = "membership" | "profile" | "tickets" | "logout";

export interface AccountNavItem {
  section: AccountSection;
  href: string;
}

export function ticketsPath(base: string, pages: MyAccountPages): string | null {
  if (pages.upcoming) return `${base}/my/upcoming`;
  if (pages.orders) return `${base}/my/orders`;
  return null;
}

export function accountNavItems(input: {
  base: string;
  hasMembership: boolean;
  pages: MyAccountPages;
}): AccountNavItem[] {
  const items: AccountNavItem[] = [];
  if (input.hasMembership) items.push({ section: "membership", href: `${input.base}/my/membership` });
  if (input.pages.profile) items.push({ section: "profile", href: `${input.base}/my/profile` });
  const tickets = ticketsPath(input.base, input.pages);
  if (tickets) items.push({ section: "tickets", href: tickets });
  items.push({ section: "logout", href: `${input.base}/logout` });
  return items;
}

/** Where /my sends a logged-in user; null when no section is left (the page answers 404). */
export function myLandingPath(input: {
  base: string;
  hasMembership: boolean;
  pages: MyAccountPages;
}): string | null {
  const first = accountNavItems(input).find((item) => item.section !== "logout");
  return first?.href ?? null;
}
