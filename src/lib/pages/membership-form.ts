/**
 * The membership form's props (spec 1 §2 "Membership purchase form"), from the loaded
 * membership event: its membership group's levels (ticket types, sorted by rank), the group's
 * survey, whether the auto-renew question is asked, the page context (buy, renew, gift; a redeem
 * code and a preselected level from the query), the visitor's e-mail (the gift-to-self check) and
 * the tenant's texts. It reads nothing: the door's event loader (server/page-data/events) brings
 * the e-mail, the level rules and the external login with the event.
 */
import { isLoginStringKey } from "../../islands/login/login-strings.ts";
import type {
  MembershipAction,
  MembershipFormProps,
  MembershipFormStringKey,
  MembershipFormStrings,
} from "../../islands/membership/props.ts";
import { configOf, metaOf, ticketTypesOf } from "../api/envelopes.ts";
import { asksAutoRenew, type FormLevel, sortLevels } from "../domain/membership/form.ts";
import { apiMoneyMinor } from "../domain/money.ts";
import { surveyQuestions } from "../domain/survey.ts";
import { isIslandSharedKey, stringSubset } from "../tenant/strings.ts";
import type { EventDetailData } from "./event-detail.ts";

export type { MembershipAction, MembershipFormProps, MembershipFormStringKey, MembershipFormStrings };

const REDEEM_MAX = 50;

export function membershipFormStrings(tenant: EventDetailData["tenant"]): MembershipFormStrings {
  return stringSubset(tenant, isMembershipFormStringKey);
}

function isMembershipFormStringKey(key: string): key is MembershipFormStringKey {
  return key.startsWith("membershipForm.") || isIslandSharedKey(key);
}

/** The event's membership group the form sells (`tg` narrows it), or undefined when it has no levels. */
export function membershipFormGroup(
  data: Pick<EventDetailData, "envelope" | "event" | "groups">,
  tg: string | null,
): EventDetailData["groups"][number] | undefined {
  const group = data.groups.find((g) => g.handler === "membership" && (!tg || g.id === tg));
  if (!group) return undefined;
  const hasLevels = ticketTypesOf(data.envelope, data.event.id).some((t) => t.ticket_group_id === group.id);
  return hasLevels ? group : undefined;
}

/** The form's props, or undefined when the event has no membership group the visitor may buy. */
export function membershipFormProps(
  data: EventDetailData,
  url: URL,
  loggedIn: boolean,
  /** The router base: `/{seller}`, or "" on the tenant's own host name. */
  base = `/${data.tenant.slug}`,
): MembershipFormProps | undefined {
  const { tenant, envelope, event } = data;
  const group = membershipFormGroup(data, url.searchParams.get("tg"));
  if (!group) return undefined;
  const types = ticketTypesOf(envelope, event.id).filter((t) => t.ticket_group_id === group.id);
  const levels = sortLevels(
    types.map(
      (type): FormLevel => ({
        id: type.id,
        name: type.name,
        summary: type.summary,
        amount: apiMoneyMinor(type.currency_amount),
        rank: type._rank,
      }),
    ),
  );
  const groupMeta = metaOf(envelope, group.id).raw;
  const config = configOf(envelope, event.id);
  const redeem = url.searchParams.get("redeem")?.trim() || null;
  const action: MembershipAction = data.action === "gift" || data.action === "renew" ? data.action : "buy";
  return {
    seller: tenant.slug,
    currency: tenant.portal.default_currency_code,
    locale: tenant.locale,
    timezone: tenant.timezone,
    tagManagerId: tenant.web.tag_manager_id,
    eventId: event.id,
    groupId: group.id,
    levels,
    initialRules: data.membershipRules,
    surveyQuestions: surveyQuestions(group.additional_info_spec).questions,
    action,
    loggedIn,
    ownEmail: data.ownEmail,
    askAutoRenew:
      action !== "gift" &&
      asksAutoRenew(
        tenant.web.ask_to_autorenew ||
          (config.get("ask_to_autorenew") ?? configOf(envelope, event.seller_id).get("ask_to_autorenew")),
        groupMeta,
      ),
    select: url.searchParams.get("select")?.trim() || null,
    redeem: redeem && redeem.length <= REDEEM_MAX ? redeem : null,
    base,
    path: url.pathname,
    strings: membershipFormStrings(tenant),
    loginStrings: stringSubset(tenant, isLoginStringKey),
    loginModes: tenant.web.login_modes,
    externalLogin: data.externalLogin,
  };
}
