/**
 * The on-sale line's part in the pages. An event a room guards is no longer a cached page: before
 * the on-sale it shows a countdown in place of the tickets; after it, a visitor without the line's
 * admission (its cookie) is sent to the line's page. These read the tenant's rooms and check the
 * admission cookie's signature in this process: the API has no resource for "may this visitor see
 * the shop" (the reserve and checkout calls make the same check on their own).
 */
import { ApiClientError } from "../../../api/errors.ts";
import { beforeOnSale } from "../../../domain/waiting-room/rules.ts";
import type { Tenant } from "../../../tenant/schema.ts";
import { stringSubset } from "../../../tenant/strings.ts";
import { waitingRoomStrings } from "../../../tenant/strings-waiting-room.ts";
import { getRuntime } from "../../runtime.ts";
import { ADMISSION_COOKIE, verifyAdmissionToken } from "../../services/waiting-room/admission-token.ts";
import { guardingRoom } from "../../services/waiting-room/rooms.ts";
import { ssrApi, ssrNow } from "../client.ts";
import { pageLanguage } from "../page-language.ts";

export type WaitingRoomStrings = Record<keyof typeof waitingRoomStrings, string>;

const isRoomKey = (key: string): key is keyof WaitingRoomStrings => Object.hasOwn(waitingRoomStrings, key);

export function waitingRoomStringsOf(tenant: Tenant): WaitingRoomStrings {
  return stringSubset(tenant, isRoomKey);
}

export type EventLine =
  | { kind: "open" }
  | { kind: "before"; onSaleAt: Date; queueHref: string }
  | { kind: "queue"; queueHref: string }
  | { kind: "admitted" };

function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

/** What the line says of an event page for this visitor: open (no room), a countdown, the line, or in. */
export async function eventLine(
  tenant: Tenant,
  eventId: string,
  cookieHeader: string | null,
  base: string,
): Promise<EventLine> {
  const room = guardingRoom(tenant, eventId);
  if (!room) return { kind: "open" };
  const queueHref = `${base}/events/${encodeURIComponent(eventId)}/queue`;
  const now = await ssrNow();
  if (beforeOnSale(now, room)) return { kind: "before", onSaleAt: room.onSaleAt, queueHref };
  const { handle } = await getRuntime();
  const admitted = await verifyAdmissionToken(
    handle.db,
    room,
    cookieValue(cookieHeader, ADMISSION_COOKIE),
    now,
  );
  return admitted ? { kind: "admitted" } : { kind: "queue", queueHref };
}

/** The line's page: the room of the event, or undefined when none guards it. */
export function queueRoom(tenant: Tenant, eventId: string) {
  const room = guardingRoom(tenant, eventId);
  return room ? { onSaleAt: room.onSaleAt, stayMinutes: room.stayMinutes } : undefined;
}

/** The event's name through the cached API, or null when the event is unknown. */
export async function eventNameOf(tenant: Tenant, eventId: string): Promise<string | null> {
  try {
    const envelope = await ssrApi(pageLanguage(tenant)).getEvent(tenant.slug, eventId, []);
    return envelope.event_template?._data.find((e) => e.id === eventId)?.name ?? null;
  } catch (error) {
    if (error instanceof ApiClientError && error.status < 500) return null;
    throw error;
  }
}
