/**
 * POST /{seller}/admin/logout: the back office's log out button. Revokes the staff session
 * through the admin API, clears the cookie and goes back to the login page, which then clears the
 * gate's data on this device (`?signed_out`: login.astro, islands/admin/gate/gate-clear.ts).
 */
import type { APIRoute } from "astro";
import { adminApi } from "../../../lib/api/admin/client.ts";
import { visitorClient } from "../../../lib/server/page-data/client.ts";

export const POST: APIRoute = async ({ request, locals, redirect, cookies }) => {
  const tenant = locals.tenant;
  if (!tenant) return new Response(null, { status: 404 });
  // Same-origin only, as every write of the API.
  const origin = request.headers.get("origin");
  if (origin && new URL(origin).host !== new URL(request.url).host)
    return new Response(null, { status: 403 });
  await adminApi(visitorClient({ cookie: request.headers.get("cookie") }), tenant.slug).logout();
  cookies.delete("foyer_staff", { path: "/" });
  return redirect(`${locals.base}/admin/login?signed_out`, 303);
};
