/**
 * Server-side glue of /manage/{id}: the order the manage-link token opens, read in process
 * (GET ticket_order/{id}/manage; a bad token or unknown order reads as not found), and the islands'
 * strings. Server only.
 */

import type { ManageStrings } from "../../../../islands/manage/manage-calls.ts";
import { ApiClientError } from "../../../api/errors.ts";
import { manageApi } from "../../../api/manage/client.ts";
import type { ManageAnswer } from "../../../api/manage/schemas.ts";
import { type ReserveIslandProps, reserveIslandProps } from "../../../pages/event-detail.ts";
import { getTenant } from "../../../tenant/load.ts";
import type { Tenant } from "../../../tenant/schema.ts";
import { isIslandSharedKey, stringSubset } from "../../../tenant/strings.ts";
import { manageStrings } from "../../../tenant/strings-manage.ts";
import { visitorClient } from "../client.ts";
import { loadEventDetail } from "../events/event-detail.ts";

export type ManageRead = { kind: "ok"; answer: ManageAnswer } | { kind: "notFound" };

/** The order as /manage shows it, or notFound (any 404, or a token too long to be one). */
export async function readManagedOrder(
  seller: string,
  orderId: string,
  token: string | null,
  /** The page's language when not the tenant's default (page-language.ts). */
  language?: string,
): Promise<ManageRead> {
  if (!token || !orderId) return { kind: "notFound" };
  const client = visitorClient({ language });
  try {
    return { kind: "ok", answer: await manageApi(client, seller).read(orderId, token) };
  } catch (error) {
    if (error instanceof ApiClientError && (error.status === 404 || error.status === 400))
      return { kind: "notFound" };
    throw error;
  }
}

/** Every "manage." string and the dialogs' close label, resolved for the tenant. */
export function manageStringsOf(tenant: Tenant): ManageStrings {
  return stringSubset(tenant, isManageStringKey);
}

function isManageStringKey(key: string): key is keyof ManageStrings {
  return Object.hasOwn(manageStrings, key) || isIslandSharedKey(key);
}

/**
 * The reserve props of the seated events an edit can add tickets to, by event id: Edit order offers
 * their seat map (the event page's seat selection) for the seats of added tickets.
 */
export async function seatingOf(
  seller: string,
  answer: ManageAnswer,
  base: string,
): Promise<Record<string, ReserveIslandProps>> {
  if (answer.mode !== "self_edit") return {};
  const eventIds = [
    ...new Set(
      answer.tickets.filter((t) => t.event_session_id && t.can_edit).map((t) => t.event_template_id),
    ),
  ];
  const out: Record<string, ReserveIslandProps> = {};
  for (const id of eventIds) {
    const data = await loadEventDetail({ params: { id }, tenant: getTenant(seller), viewer: null });
    if (!data) continue;
    const props = reserveIslandProps(
      data,
      { tg: undefined, select: undefined, price: undefined },
      "date_first",
      base,
    );
    if (props?.groups.some((g) => g.handler === "seated")) {
      out[id] = { ...props, addOn: undefined, requiresAnchor: false, skipHref: undefined };
    }
  }
  return out;
}
