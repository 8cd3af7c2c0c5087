/**
 * Which login kinds a tenant's `web.login_modes` enables (spec 1 §6). A kind the tenant does not
 * enable is 403 `login_disabled` ("Login is disabled"); no usable mode at all disables login.
 */
import { type LoginMode, loginEnabled } from "../../../domain/login-input.ts";
import type { Tenant } from "../../../tenant/schema.ts";
import { loginDisabled } from "./errors.ts";

export type LoginKind = "password" | "otp" | "scan_code" | "scan_code_last_name" | "scan_code_password";

const ENABLED_BY: Record<LoginKind, readonly LoginMode[]> = {
  password: ["password", "otp_or_password"],
  otp: ["otp", "otp_or_password"],
  scan_code: ["scan_code"],
  scan_code_last_name: ["scan_code_last_name"],
  scan_code_password: ["scan_code_password"],
};

export function loginKindEnabled(modes: readonly string[], kind: LoginKind): boolean {
  return loginEnabled(modes) && ENABLED_BY[kind].some((mode) => modes.includes(mode));
}

/** `words`: the tenant whose strings give the refusal's words. */
export function assertLoginKind(
  modes: readonly string[],
  kind: LoginKind,
  words?: Pick<Tenant, "strings"> & Partial<Pick<Tenant, "locale">>,
): void {
  if (!loginKindEnabled(modes, kind)) throw loginDisabled(words);
}
