/**
 * The gate page's read, through the admin API with the request's cookies (staff.ts): today's
 * sessions with their sold and checked-in counts, for the staff member to choose what the gate
 * checks. A refusal reads as null, so the page says the role does not scan.
 */
import type { GateDayView } from "../../../api/admin/schemas.ts";
import { ApiClientError } from "../../../api/errors.ts";
import { PERMISSIONS_POLICY } from "../../http/security-headers.ts";
import { staffApi } from "./staff.ts";

export async function gateDayOf(cookie: string | null, seller: string): Promise<GateDayView | null> {
  try {
    return (await staffApi(cookie, seller).gateDay()).gate_day._data[0] ?? null;
  } catch (error) {
    if (error instanceof ApiClientError && error.status < 500) return null;
    throw error;
  }
}

/** The site's Permissions-Policy with the camera allowed to this origin: the gate page's only. */
export const GATE_PERMISSIONS_POLICY = PERMISSIONS_POLICY.replace("camera=()", "camera=(self)");
