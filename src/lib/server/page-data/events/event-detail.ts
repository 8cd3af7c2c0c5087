/**
 * The event detail routes' loader (/{seller}/events/{id} and /{id}/{action}): the event with its
 * embeds through the in-process cached API, the visitor's membership in one read
 * (membership/viewer-membership.ts), and for a membership event the form's server-side inputs (the
 * group's level rules). Anything unknown resolves to "not found", which the page turns into the
 * 404 page with HTTP 404; the API answers 400 or 404 for an id it cannot use.
 */

import { formRulesOf } from "../../../../islands/membership/membership-data.ts";
import { ticketGroupsOf } from "../../../api/envelopes.ts";
import { ApiClientError } from "../../../api/errors.ts";
import { membershipApi } from "../../../api/membership/client.ts";
import type { FormRule } from "../../../domain/membership/form.ts";
import {
  EVENT_ACTIONS,
  type EventAction,
  type EventDetailData,
  reserveFlowOf,
} from "../../../pages/event-detail.ts";
import { membershipFormGroup } from "../../../pages/membership-form.ts";
import type { Role } from "../../../tenant/blocks.ts";
import type { Tenant } from "../../../tenant/schema.ts";
import { logger } from "../../log/logger.ts";
import { externalLoginOption } from "../account/external-login.ts";
import { ssrApi } from "../client.ts";
import { viewerMembership } from "../membership/viewer-membership.ts";
import { pageLanguage } from "../page-language.ts";
import type { Viewer } from "../visitor.ts";

/** The event's embeds, plus the group meta (admit fields) and seller meta (default padding) the reserve island needs. */
const DETAIL_EMBEDS = [
  "meta",
  "venue",
  "ticket_group",
  "ticket_type",
  "message_rule",
  "config",
  "ticket_group.meta",
  "seller.meta",
];

/** The group's level rules as the membership form reads them; null (logged) when the read fails. */
async function levelRules(seller: string, groupId: string): Promise<FormRule[] | null> {
  const api = ssrApi();
  try {
    return formRulesOf(await membershipApi({ cached: api, fresh: api }, seller).rules(groupId), groupId);
  } catch (error) {
    logger.warn({ err: error, groupId }, "membership_form.rules_unread");
    return null;
  }
}

export interface EventDetailRequest {
  params: { id?: string | undefined; action?: string | undefined };
  /** The page's URL (its query: `tg` narrows the groups); none for another page's reserve props. */
  url?: URL | undefined;
  /** The path the browser shows (the external login returns to it). */
  originPathname?: string | undefined;
  /** The request context the middleware resolved (src/middleware.ts). */
  tenant: Tenant | undefined;
  viewer: Viewer | null;
}

export async function loadEventDetail(request: EventDetailRequest): Promise<EventDetailData | undefined> {
  const { params, tenant, viewer } = request;
  if (!tenant || !params.id) return undefined;
  const eventId = params.id;
  if (params.action !== undefined && !(EVENT_ACTIONS as readonly string[]).includes(params.action))
    return undefined;
  try {
    const read = ssrApi(pageLanguage(tenant)).getEvent(tenant.slug, eventId, DETAIL_EMBEDS);
    const membersOnlyEvent = read.then((envelope) => {
      const event = envelope.event_template._data.find((e) => e.id === eventId);
      return (
        event !== undefined &&
        (event.hidden_type === "public_member_only" ||
          ticketGroupsOf(envelope, event.id).some((g) => g.hidden_type === "public_member_only"))
      );
    });
    const [envelope, membership] = await Promise.all([
      read,
      viewerMembership(viewer, tenant.slug, eventId, membersOnlyEvent),
    ]);
    const event = envelope.event_template._data.find((e) => e.id === eventId);
    if (!event) return undefined;
    const groups = ticketGroupsOf(envelope, event.id);
    const data: EventDetailData = {
      tenant,
      envelope,
      event,
      groups,
      action: params.action as EventAction | undefined,
      viewerRole: (viewer ? "logged_in" : "anonymous") as Role,
      memberRoles: membership.roles,
      renewal: membership.renewal,
      memberBenefits: membership.benefits,
      memberEventRemaining: membership.eventRemaining,
      ownEmail: viewer?.email ?? null,
      membershipRules: null,
      externalLogin: externalLoginOption(tenant, request.originPathname ?? ""),
    };
    // A membership event the visitor may buy shows the form, rendered with its group's rules.
    const membersOnly = event.hidden_type === "public_member_only" && membership.roles.length === 0;
    const formGroup = membershipFormGroup(data, request.url?.searchParams.get("tg") ?? null);
    if (reserveFlowOf(data) === "membership" && !membersOnly && formGroup) {
      data.membershipRules = await levelRules(tenant.slug, formGroup.id);
    }
    return data;
  } catch (error) {
    if (error instanceof ApiClientError && (error.status === 404 || error.status === 400)) return undefined;
    throw error;
  }
}
