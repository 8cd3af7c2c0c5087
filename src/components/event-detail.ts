/**
 * Loading for the event detail routes (/{seller}/events/{id} and /{id}/{action}): the tenant, the
 * event with its embeds, and the detail query values. Anything unknown resolves to "not found", which
 * the page turns into the 404 page with HTTP 404.
 */
import { ticketGroupsOf } from "../lib/api/envelopes.ts";
import { ApiClientError } from "../lib/api/errors.ts";
import { ssrApi } from "../lib/api/ssr.ts";
import { getTenant } from "../lib/tenant/load.ts";

export const EVENT_ACTIONS = ["gift", "renew"] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];

const ID = /^[A-Za-z0-9_.:-]{1,128}$/;
const PRICE = /^\d{1,7}(\.\d{1,2})?$/;

/** Detail query values (spec doc 1 §2): tg (ticket group filter), select (ticket type), price. */
export function detailQuery(params: URLSearchParams) {
  const tg = params.get("tg")?.trim();
  const select = params.get("select")?.trim();
  const price = params.get("price")?.trim();
  return {
    tg: tg && tg.length <= 200 ? tg : undefined,
    select: select && select.length <= 200 ? select : undefined,
    price: price && PRICE.test(price) ? price : undefined,
  };
}

export async function loadEventDetail(params: { seller?: string; id?: string; action?: string }) {
  const tenant = getTenant(params.seller ?? "");
  if (!tenant || !params.id || !ID.test(params.id)) return undefined;
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
