/**
 * The membership form's props (spec 1 §2 "Membership purchase form"; issue 12), from the loaded
 * membership event: its membership group's levels (ticket types, sorted by rank), the group's
 * survey, whether the auto-renew question is asked, the page context (buy, renew, gift; a redeem
 * code and a preselected level from the query), the visitor's e-mail (the gift-to-self check) and
 * the tenant's texts. It reads nothing: the door's event loader (server/page-data/events) brings
 * the e-mail, the level rules and the external login with the event.
 */
import { isLoginStringKey, type LoginStrings } from "../../islands/login/login-strings.ts";
import { configOf, metaOf, ticketTypesOf } from "../api/envelopes.ts";
import { asksAutoRenew, type FormLevel, type FormRule, sortLevels } from "../domain/membership/form.ts";
import { parseMoneyString } from "../domain/money.ts";
import { type SurveyQuestion, surveyQuestions } from "../domain/survey.ts";
import {
  type defaultStrings,
  type IslandSharedKey,
  isIslandSharedKey,
  stringSubset,
} from "../tenant/strings.ts";
import type { EventDetailData } from "./event-detail.ts";

export type MembershipFormStringKey = Extract<
  keyof typeof defaultStrings,
  `membershipForm.${string}` | IslandSharedKey
>;
export type MembershipFormStrings = Record<MembershipFormStringKey, string>;
export type MembershipAction = "buy" | "renew" | "gift";

export interface MembershipFormProps {
  seller: string;
  currency: string;
  locale: string;
  timezone: string;
  tagManagerId: string | undefined;
  eventId: string;
  groupId: string;
  levels: FormLevel[];
  /**
   * The group's level rules (GET membership_rules, the cached read the island would make), so a
   * guest's form is rendered with the page; null when the page could not read them, and the island
   * loads them itself.
   */
  initialRules: FormRule[] | null;
  /** The group's survey questions (additional_info_spec), asked once per purchase. */
  surveyQuestions: SurveyQuestion[];
  action: MembershipAction;
  loggedIn: boolean;
  /** The logged-in visitor's e-mail (gifting to oneself is refused); null for guests. */
  ownEmail: string | null;
  askAutoRenew: boolean;
  /** The `select` query value (a level to preselect, e.g. from the redeem page). */
  select: string | null;
  /** The `redeem` query value: a gift-of-membership code to redeem with this purchase. */
  redeem: string | null;
  /** The storefront's base path, `/{seller}`. */
  base: string;
  /** This page's path (the login-or-guest modal's passcode link lands here). */
  path: string;
  strings: MembershipFormStrings;
  /** The login-or-guest modal's texts and the tenant's login modes. */
  loginStrings: LoginStrings;
  loginModes: string[];
  /** The tenant's external login for the modal (issue 13); null when not configured. */
  externalLogin: { label: string; returnPath: string } | null;
}

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
        amount: parseMoneyString(type.currency_amount),
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
