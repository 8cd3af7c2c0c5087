/**
 * The gate's name (e.g. "North gate"), remembered on the device per tenant and staff member, so
 * the same phone at the same door starts where it left off and a colleague's login does not
 * inherit it.
 */
import { gateNamePrefix } from "../../../lib/domain/gate/device-storage.ts";

export const gateNameKey = (seller: string, staffId: string) => `${gateNamePrefix(seller)}${staffId}`;

export function rememberedGateName(seller: string, staffId: string): string {
  try {
    return globalThis.localStorage?.getItem(gateNameKey(seller, staffId)) ?? "";
  } catch {
    return "";
  }
}

export function rememberGateName(seller: string, staffId: string, name: string): void {
  try {
    globalThis.localStorage?.setItem(gateNameKey(seller, staffId), name);
  } catch {
    // Private mode or full storage: the name is asked again next time.
  }
}
