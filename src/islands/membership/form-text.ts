/** The membership form's texts: the tenant's strings (resolved on the server), placeholders filled. */

import { format } from "../../lib/tenant/string-format.ts";
import type { MembershipFormStringKey, MembershipFormStrings } from "./props.ts";

export interface FormText {
  (key: MembershipFormStringKey, vars?: Record<string, string | number>): string;
  /** A party role's label ('membershipForm.role.{role}'), else the role itself. */
  role: (role: string) => string;
}

export function formText(strings: MembershipFormStrings): FormText {
  const text = ((key: MembershipFormStringKey, vars?: Record<string, string | number>) =>
    format(strings[key], vars)) as FormText;
  text.role = (role: string) => {
    const key = `membershipForm.role.${role}`;
    return Object.hasOwn(strings, key) ? format(strings[key as MembershipFormStringKey]) : role;
  };
  return text;
}
