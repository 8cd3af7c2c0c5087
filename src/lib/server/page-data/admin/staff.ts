/**
 * The back office pages' door: the staff member of the request's staff cookie, read through the
 * admin API as any client reads it (GET admin/me), or null when nobody is logged in.
 */

import { adminApi } from "../../../api/admin/client.ts";
import type { StaffSessionAnswer } from "../../../api/admin/schemas.ts";
import { ApiClientError } from "../../../api/errors.ts";
import { visitorClient } from "../client.ts";

export type StaffSessionView = StaffSessionAnswer["staff_session"]["_data"][number];

export async function staffOfRequest(
  cookie: string | null,
  seller: string,
): Promise<StaffSessionView | null> {
  try {
    const answer = await adminApi(visitorClient({ cookie }), seller).me();
    return answer.staff_session._data[0] ?? null;
  } catch (error) {
    if (error instanceof ApiClientError && error.status < 500) return null;
    throw error;
  }
}

export async function setupLinkOf(token: string, seller: string) {
  try {
    const answer = await adminApi(visitorClient(), seller).setupLink(token);
    return answer.staff_account._data[0] ?? null;
  } catch (error) {
    if (error instanceof ApiClientError && error.status < 500) return null;
    throw error;
  }
}

/** The tenant's staff, for an admin's staff page (null when the caller may not see it). */
export async function staffListOf(cookie: string | null, seller: string) {
  try {
    return (await adminApi(visitorClient({ cookie }), seller).staff()).staff_account._data;
  } catch (error) {
    if (error instanceof ApiClientError && error.status < 500) return null;
    throw error;
  }
}

/** The day's figures for the Today page (null when the caller's role may not read them). */
export async function todayOf(cookie: string | null, seller: string, date?: string) {
  try {
    return (await adminApi(visitorClient({ cookie }), seller).today(date)).today._data[0] ?? null;
  } catch (error) {
    if (error instanceof ApiClientError && error.status < 500) return null;
    throw error;
  }
}

/** Orders found by a search (null when the caller's role may not read orders). */
export async function ordersFound(cookie: string | null, seller: string, q: string) {
  try {
    return (await adminApi(visitorClient({ cookie }), seller).searchOrders(q)).ticket_order._data;
  } catch (error) {
    if (error instanceof ApiClientError && error.status < 500) return null;
    throw error;
  }
}

/** An order as staff see it, or null (not this tenant's, or the role may not read it). */
export async function orderOf(cookie: string | null, seller: string, id: string) {
  try {
    return (await adminApi(visitorClient({ cookie }), seller).order(id)).ticket_order._data[0] ?? null;
  } catch (error) {
    if (error instanceof ApiClientError && error.status < 500) return null;
    throw error;
  }
}

/** A session's attendees (null when not this tenant's, or the role may not read them). */
export async function attendeesOf(cookie: string | null, seller: string, sessionId: string) {
  try {
    return (
      (await adminApi(visitorClient({ cookie }), seller).attendees(sessionId)).attendee_list._data[0] ?? null
    );
  } catch (error) {
    if (error instanceof ApiClientError && error.status < 500) return null;
    throw error;
  }
}

/** Memberships found by a search (null when the role may not read members). */
export async function membersFound(cookie: string | null, seller: string, q: string) {
  try {
    return (await adminApi(visitorClient({ cookie }), seller).searchMembers(q)).membership._data;
  } catch (error) {
    if (error instanceof ApiClientError && error.status < 500) return null;
    throw error;
  }
}

/** A membership as staff see it, or null. */
export async function memberOf(cookie: string | null, seller: string, id: string) {
  try {
    return (await adminApi(visitorClient({ cookie }), seller).member(id)).membership._data[0] ?? null;
  } catch (error) {
    if (error instanceof ApiClientError && error.status < 500) return null;
    throw error;
  }
}

/** Sales figures of a period, or null (the role may not read figures) or the error's words. */
export async function salesOf(cookie: string | null, seller: string, from: string, until: string) {
  try {
    return {
      figures: (await adminApi(visitorClient({ cookie }), seller).sales(from, until)).sales._data[0] ?? null,
    };
  } catch (error) {
    if (error instanceof ApiClientError && error.status < 500)
      return { figures: null, problem: error.description };
    throw error;
  }
}
