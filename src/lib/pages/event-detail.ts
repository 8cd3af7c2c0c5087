/**
 * Loading for the event detail routes (/{seller}/events/{id} and /{id}/{action}): the tenant, the
 * event with its embeds. Anything unknown resolves to "not found", which the page turns into the
 * 404 page with HTTP 404; the API answers 400 or 404 for an id it cannot use.
 */
import { ticketGroupsOf } from "../api/envelopes.ts";
import { ApiClientError } from "../api/errors.ts";
import { ssrApi } from "../api/ssr.ts";
import { getTenant } from "../tenant/load.ts";

const EVENT_ACTIONS = ["gift", "renew"] as const;
type EventAction = (typeof EVENT_ACTIONS)[number];

export async function loadEventDetail(params: { seller?: string; id?: string; action?: string }) {
  const tenant = getTenant(params.seller ?? "");
  if (!tenant || !params.id) return undefined;
  if (params.action !== undefined && !(EVENT_ACTIONS as readonly string[]).includes(params.action))
    return undefined;
  try {
    const envelope = await ssrApi().getEvent(tenant.slug, params.id);
    const event = envelope.event_template._data.find((e) => e.id === params.id);
    if (!event) return undefined;
    return {
      tenant,
      envelope,
      event,
      groups: ticketGroupsOf(envelope, event.id),
      action: params.action as EventAction | undefined,
    };
  } catch (error) {
    if (error instanceof ApiClientError && (error.status === 404 || error.status === 400)) return undefined;
    throw error;
  }
}

export type EventDetailData = NonNullable<Awaited<ReturnType<typeof loadEventDetail>>>;
