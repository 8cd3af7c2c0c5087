/**
 * The tenant's icon, drawn from its theme (src/lib/tenant/favicon.ts); every page links it, so no
 * browser asks for a missing /favicon.ico. An unknown seller gets a 404.
 */
import type { APIRoute } from "astro";
import { tenantIconSvg } from "../../lib/tenant/favicon.ts";
import { getTenant } from "../../lib/tenant/load.ts";

export const prerender = false;

export const GET: APIRoute = ({ params }) => {
  const tenant = getTenant(params.seller ?? "");
  if (!tenant) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(tenantIconSvg(tenant), {
    headers: {
      "Content-Type": "image/svg+xml",
      // A theme change reaches browsers within a day.
      "Cache-Control": "public, max-age=86400",
    },
  });
};
