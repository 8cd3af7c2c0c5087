/**
 * The waiting list pages' reads: the join page (the event and its dated ticket types through the
 * cached API, the date's sessions as the visitor's fresh read) and the offer page (the offer its
 * link's token opens, POSTed as the visitor so the token stays out of addresses and logs).
 */

import type { WaitingListJoinProps, WaitingListStrings } from "../../../../islands/waiting-list/props.ts";
import { reserveApi } from "../../../api/cart/reserve-client.ts";
import { ticketGroupsOf, ticketTypesOf } from "../../../api/envelopes.ts";
import { ApiClientError } from "../../../api/errors.ts";
import { waitingListApi } from "../../../api/waiting-list/client.ts";
import type { OfferAnswer } from "../../../api/waiting-list/schemas.ts";
import { formatLongDate, formatTime } from "../../../domain/date-format.ts";
import {
  listIsOn,
  WAITING_LIST_HANDLERS,
  WAITING_LIST_MAX_PARTY,
} from "../../../domain/waiting-list/rules.ts";
import type { Tenant } from "../../../tenant/schema.ts";
import { stringSubset } from "../../../tenant/strings.ts";
import { waitingListStrings } from "../../../tenant/strings-waiting-list.ts";
import { ssrApi, visitorClient } from "../client.ts";
import { pageLanguage } from "../page-language.ts";
import type { Viewer } from "../visitor.ts";

const isWaitingListKey = (key: string): key is keyof WaitingListStrings =>
  Object.hasOwn(waitingListStrings, key) || key === "waitingList.position.ordinal";

export function waitingListStringsOf(tenant: Tenant): WaitingListStrings {
  return stringSubset(tenant, isWaitingListKey);
}

export type JoinRead =
  | { kind: "notFound" }
  | { kind: "off"; eventName: string; eventHref: string }
  | { kind: "ok"; eventName: string; eventHref: string; date: string | null; props: WaitingListJoinProps };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export async function readWaitingListJoin(input: {
  tenant: Tenant;
  eventId: string;
  date: string | null;
  sessionId: string | null;
  viewer: Viewer | null;
  cookie: string | null;
  base: string;
}): Promise<JoinRead> {
  const { tenant, eventId } = input;
  let envelope: Awaited<ReturnType<ReturnType<typeof ssrApi>["getEvent"]>>;
  try {
    envelope = await ssrApi(pageLanguage(tenant)).getEvent(tenant.slug, eventId, [
      "ticket_group",
      "ticket_type",
    ]);
  } catch (error) {
    if (error instanceof ApiClientError && error.status < 500) return { kind: "notFound" };
    throw error;
  }
  const event = envelope.event_template?._data.find((e) => e.id === eventId);
  if (!event) return { kind: "notFound" };
  const eventHref = `${input.base}/events/${encodeURIComponent(event.id)}`;
  if (!listIsOn(tenant.web.waiting_list.events, event.id)) {
    return { kind: "off", eventName: event.name, eventHref };
  }
  const groups = new Set(
    ticketGroupsOf(envelope, event.id)
      .filter((g) => WAITING_LIST_HANDLERS.includes(g.handler))
      .filter((g) => g.hidden_type !== "public_member_only" || input.viewer !== null)
      .map((g) => g.id),
  );
  const types = ticketTypesOf(envelope, event.id)
    .filter((type) => groups.has(type.ticket_group_id))
    .map((type) => ({ id: type.id, name: type.name }));
  const date = input.date && DATE.test(input.date) ? input.date : null;
  const sessions = date ? await sessionsOn(tenant, event.id, date, input.cookie) : [];
  const selected = sessions.find((s) => s.id === input.sessionId && s.soldOut)?.id;
  return {
    kind: "ok",
    eventName: event.name,
    eventHref,
    date,
    props: {
      seller: tenant.slug,
      sessions,
      dateLabel: date ? formatLongDate(date, tenant.locale) : "",
      selected,
      types,
      memberEmail: input.viewer?.email ?? null,
      maxParty: WAITING_LIST_MAX_PARTY,
      offerHours: tenant.web.waiting_list.offer_hours,
      strings: waitingListStringsOf(tenant),
    },
  };
}

async function sessionsOn(tenant: Tenant, eventId: string, date: string, cookie: string | null) {
  const language = pageLanguage(tenant);
  const fresh = visitorClient({ cookie, language });
  try {
    const answer = await reserveApi({ cached: ssrApi(language), fresh }, tenant.slug).sessionsOn(
      eventId,
      date,
      [],
    );
    return answer.event_session._data.map((s) => ({
      id: s.id,
      label: formatTime(new Date(s.start_datetime), tenant.locale, tenant.timezone),
      soldOut: s.sold_out || s.available_capacity === 0,
    }));
  } catch (error) {
    if (error instanceof ApiClientError && error.status < 500) return [];
    throw error;
  }
}

export type OfferRead =
  | { kind: "notFound" }
  | { kind: "ok"; offer: OfferAnswer["waiting_list_entry"]["_data"][number] };

export async function readOffer(tenant: Tenant, token: string, cookie: string | null): Promise<OfferRead> {
  if (!token || token.length > 200) return { kind: "notFound" };
  try {
    const answer = await waitingListApi(visitorClient({ cookie }), tenant.slug).offer(token);
    const offer = answer.waiting_list_entry._data[0];
    return offer ? { kind: "ok", offer } : { kind: "notFound" };
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 404) return { kind: "notFound" };
    throw error;
  }
}
