/**
 * The back office pages' door: every read goes through the admin API as any client's would, with
 * the request's cookies. A refusal (not logged in, a role that may not, another tenant's id) reads
 * as null, so a page shows its own words or its 404; a server failure still throws.
 */

import { type AdminApi, type AuditFilter, adminApi } from "../../../api/admin/client.ts";
import type { StaffSessionAnswer } from "../../../api/admin/schemas.ts";
import { ApiClientError } from "../../../api/errors.ts";
import { visitorClient } from "../client.ts";

export type StaffSessionView = StaffSessionAnswer["staff_session"]["_data"][number];

/** The read's answer, or null when the API refused it (4xx). */
async function unlessRefused<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiClientError && error.status < 500) return null;
    throw error;
  }
}

/** The admin API as the visitor of this request (their staff cookie). */
export function staffApi(cookie: string | null, seller: string): AdminApi {
  return adminApi(visitorClient({ cookie }), seller);
}

export async function staffOfRequest(
  cookie: string | null,
  seller: string,
): Promise<StaffSessionView | null> {
  return (await unlessRefused(staffApi(cookie, seller).me()))?.staff_session._data[0] ?? null;
}

export async function setupLinkOf(token: string, seller: string) {
  return (await unlessRefused(staffApi(null, seller).setupLink(token)))?.staff_account._data[0] ?? null;
}

/** The tenant's staff, for an admin's staff page. */
export async function staffListOf(cookie: string | null, seller: string) {
  return (await unlessRefused(staffApi(cookie, seller).staff()))?.staff_account._data ?? null;
}

/** The tenant's API keys, for an admin's keys page. */
export async function apiKeysOf(cookie: string | null, seller: string) {
  return (await unlessRefused(staffApi(cookie, seller).apiKeys()))?.api_key._data ?? null;
}

/** A page of the audit log with the choices to filter by, for an admin's audit page. */
export async function auditOf(cookie: string | null, seller: string, filter: AuditFilter) {
  return unlessRefused(staffApi(cookie, seller).audit({ ...filter, _embed: "audit_action,audit_actor" }));
}

/** A venue-local day's figures for the Today page. */
/** A day's gate conflicts; null when the role does not scan. */
export async function gateConflictsOf(cookie: string | null, seller: string, date?: string) {
  return (await unlessRefused(staffApi(cookie, seller).gateConflicts(date)))?.gate_conflicts._data[0] ?? null;
}

export async function todayOf(cookie: string | null, seller: string, date?: string) {
  return (await unlessRefused(staffApi(cookie, seller).today(date)))?.today._data[0] ?? null;
}

export async function ordersFound(cookie: string | null, seller: string, q: string) {
  return (await unlessRefused(staffApi(cookie, seller).searchOrders(q)))?.ticket_order._data ?? null;
}

export async function orderOf(cookie: string | null, seller: string, id: string) {
  return (await unlessRefused(staffApi(cookie, seller).order(id)))?.ticket_order._data[0] ?? null;
}

/** Where the order's tickets of one session could move; null when the role may not move them. */
export async function rescheduleOptionsOf(
  cookie: string | null,
  seller: string,
  id: string,
  session: string,
) {
  return (
    (await unlessRefused(staffApi(cookie, seller).rescheduleOptions(id, session)))?.reschedule_options
      ._data[0] ?? null
  );
}

export async function attendeesOf(cookie: string | null, seller: string, sessionId: string) {
  return (await unlessRefused(staffApi(cookie, seller).attendees(sessionId)))?.attendee_list._data[0] ?? null;
}

export async function membersFound(cookie: string | null, seller: string, q: string) {
  return (await unlessRefused(staffApi(cookie, seller).searchMembers(q)))?.membership._data ?? null;
}

export async function memberOf(cookie: string | null, seller: string, id: string) {
  return (await unlessRefused(staffApi(cookie, seller).member(id)))?.membership._data[0] ?? null;
}

/** Sales figures of a period; a refused period (too long, the wrong way round) gives the API's words. */
export async function salesOf(cookie: string | null, seller: string, from: string, until: string) {
  try {
    return { figures: (await staffApi(cookie, seller).sales(from, until)).sales._data[0] ?? null };
  } catch (error) {
    if (error instanceof ApiClientError && error.status < 500)
      return { figures: null, problem: error.description };
    throw error;
  }
}

/** A session's waiting list; null when the role may not read it (or the session is not the tenant's). */
export async function waitingListOf(cookie: string | null, seller: string, sessionId: string) {
  return (
    (await unlessRefused(staffApi(cookie, seller).waitingList(sessionId)))?.waiting_list._data[0] ?? null
  );
}

/** The tenant's on-sale waiting rooms with their live figures; null when the role may not watch them. */
export async function waitingRoomsOf(cookie: string | null, seller: string) {
  return (await unlessRefused(staffApi(cookie, seller).waitingRooms()))?.waiting_room._data ?? null;
}
