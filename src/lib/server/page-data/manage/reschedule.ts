/**
 * Server-side glue of /manage/{orderId}/reschedule/{sessionId} and /manage/{orderId}/confirm (issue
 * 14): the order the token opens (manage.ts), the session's tickets the holder may move (mode
 * self_edit and every booked ticket of the session editable, else 'Please contact us to reschedule
 * your tickets.'), the event's reserve props (date-first, so the pickers are the reserve flow's), and
 * the order's pending edit cart for the confirm page. Server only.
 */
import type {
  RescheduleIslandProps,
  RescheduleStrings,
} from "../../../../islands/manage/reschedule/RescheduleIsland.tsx";
import type { CartEnvelope } from "../../../api/cart/schemas.ts";
import { ApiClientError } from "../../../api/errors.ts";
import { manageEditApi } from "../../../api/manage/edit-client.ts";
import { formatTime } from "../../../domain/date-format.ts";
import { formatOrderDate } from "../../../domain/order-dates.ts";
import { reserveIslandProps } from "../../../pages/event-detail.ts";
import type { Tenant } from "../../../tenant/schema.ts";
import { stringSubset } from "../../../tenant/strings.ts";
import { rescheduleStrings } from "../../../tenant/strings-reschedule.ts";
import { visitorClient } from "../client.ts";
import { loadEventDetail } from "../events/event-detail.ts";
import { pageLanguage } from "../page-language.ts";
import { readManagedOrder } from "./manage.ts";

export type RescheduleRead =
  | { kind: "ok"; props: RescheduleIslandProps; orderNumber: string }
  | { kind: "contactUs"; orderNumber: string }
  | { kind: "notFound" };

export function rescheduleStringsOf(tenant: Tenant): RescheduleStrings {
  return stringSubset(tenant, isRescheduleStringKey);
}

function isRescheduleStringKey(key: string): key is keyof RescheduleStrings {
  return Object.hasOwn(rescheduleStrings, key);
}

export async function readReschedule(
  tenant: Tenant,
  orderId: string,
  token: string | null,
  sessionId: string,
  /** The router base: `/{seller}`, or "" on the tenant's own host name. */
  base = `/${tenant.slug}`,
): Promise<RescheduleRead> {
  const read = await readManagedOrder(tenant.slug, orderId, token, pageLanguage(tenant));
  if (read.kind !== "ok" || !token) return { kind: "notFound" };
  const { answer } = read;
  const orderNumber = answer.ticket_order.order_number;
  const tickets = answer.tickets.filter((x) => x.event_session_id === sessionId && x.state === "booked");
  const first = tickets[0];
  if (answer.mode !== "self_edit" || !first || tickets.some((x) => !x.can_edit)) {
    return { kind: "contactUs", orderNumber };
  }
  const data = await loadEventDetail({ params: { id: first.event_template_id }, tenant, viewer: null });
  const reserve = data
    ? reserveIslandProps(data, { tg: undefined, select: undefined, price: undefined }, "date_first", base)
    : undefined;
  if (!reserve || !first.start_datetime) return { kind: "contactUs", orderNumber };
  const start = new Date(first.start_datetime);
  return {
    kind: "ok",
    orderNumber,
    props: {
      seller: tenant.slug,
      base,
      orderId: answer.ticket_order.id,
      token,
      fromSessionId: sessionId,
      eventName: first.event_name,
      when: `${formatOrderDate(first.start_datetime, first.timezone, tenant.locale)}, ${formatTime(start, tenant.locale, first.timezone)}`,
      tickets: tickets.map((x) => {
        const group = reserve.groups.find((g) => g.id === x.ticket_group_id);
        return {
          id: x.id,
          ticketTypeId: x.ticket_type_id,
          name: x.ticket_type_name,
          groupId: x.ticket_group_id,
          groupName: group?.name ?? x.ticket_type_name,
          seated: group?.handler === "seated",
        };
      }),
      lowerPrice: tenant.web.self_edit.lower_price,
      // Any other session of the event is offered: no add-on window, no anchor needed.
      reserve: { ...reserve, addOn: undefined, requiresAnchor: false, skipHref: undefined },
      strings: rescheduleStringsOf(tenant),
    },
  };
}

export type EditCartRead =
  | { kind: "cart"; envelope: CartEnvelope }
  | { kind: "expired" }
  | { kind: "notFound" };

/** The order's pending edit cart (the one named by `cart`, else the newest). */
export async function readEditCart(
  seller: string,
  orderId: string,
  token: string | null,
  cartId: string | null,
): Promise<EditCartRead> {
  if (!token || !orderId) return { kind: "notFound" };
  const client = visitorClient();
  try {
    return {
      kind: "cart",
      envelope: await manageEditApi(client, seller).pendingEditCart(orderId, token, cartId ?? undefined),
    };
  } catch (error) {
    if (!(error instanceof ApiClientError)) throw error;
    if (error.status === 410 || error.code === "cart_expired") return { kind: "expired" };
    if (error.status === 404 || error.status === 400) return { kind: "notFound" };
    throw error;
  }
}
