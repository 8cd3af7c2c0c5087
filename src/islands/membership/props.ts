/**
 * The membership form island's props: what the membership page serializes into the page for it.
 * The page loader builds them; the island and its parts read them.
 */
import type { FormLevel, FormRule } from "../../lib/domain/membership/form.ts";
import type { SurveyQuestion } from "../../lib/domain/survey.ts";
import type { defaultStrings, IslandSharedKey } from "../../lib/tenant/strings.ts";
import type { LoginStrings } from "../login/login-strings.ts";

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
  /** The tenant's external login for the modal; null when not configured. */
  externalLogin: { label: string; returnPath: string } | null;
}
