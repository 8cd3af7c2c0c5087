/**
 * /{seller}/admin/gate-sw.js: the gate's service worker (lib/pages/gate-app.ts), registered by the
 * gate page only, with the gate page as its scope. Never cached by the browser's HTTP cache, so a
 * new worker reaches the gate at its next visit.
 */
import type { APIRoute } from "astro";
import { GATE_WORKER_POLICY, gateWorkerScript } from "../../../lib/pages/gate-app.ts";

export const prerender = false;

export const GET: APIRoute = ({ locals }) => {
  const tenant = locals.tenant;
  if (!tenant) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(gateWorkerScript(tenant.slug, locals.base), {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      "Content-Security-Policy": GATE_WORKER_POLICY,
    },
  });
};
