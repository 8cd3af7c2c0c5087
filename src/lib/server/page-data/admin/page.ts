/**
 * What every back office page starts with: its tenant (private, never cached), the router base,
 * the request's cookies, and the staff member logged in, past their second factor. Without one,
 * the answer is the Response to send instead: the 404 of an unknown tenant, or the login page.
 */
import type { AstroGlobal } from "astro";
import { notFound, tenantPage } from "../../../pages/page-context.ts";
import type { Tenant } from "../../../tenant/schema.ts";
import { type StaffSessionView, staffOfRequest } from "./staff.ts";

export interface StaffPage {
  tenant: Tenant;
  base: string;
  cookie: string | null;
  session: StaffSessionView;
}

export async function staffPage(page: AstroGlobal): Promise<StaffPage | Response> {
  const tenant = tenantPage(page, "private");
  if (!tenant) return notFound();
  const base = page.locals.base;
  const cookie = page.request.headers.get("cookie");
  const session = await staffOfRequest(cookie, tenant.slug);
  if (session?.state !== "active") return page.redirect(`${base}/admin/login`);
  return { tenant, base, cookie, session };
}
