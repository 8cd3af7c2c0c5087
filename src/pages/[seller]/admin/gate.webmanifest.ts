/**
 * /{seller}/admin/gate.webmanifest: the gate as an installable web app ("Harbour Museum gate"),
 * linked from the gate page only. Nothing personal: any visitor may read it.
 */
import type { APIRoute } from "astro";
import { gateManifest } from "../../../lib/pages/gate-app.ts";

export const prerender = false;

export const GET: APIRoute = ({ locals }) => {
  const tenant = locals.tenant;
  if (!tenant) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(JSON.stringify(gateManifest(tenant, locals.base)), {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": "public, max-age=3600" },
  });
};
