/** Back office test helpers: a staff actor of a seller with a role, and an ApiError's code. */
import { expect } from "vitest";
import type { StaffActor, StaffRole } from "../../../src/lib/domain/admin/roles.ts";
import { ApiError } from "../../../src/lib/server/errors/api-error.ts";

export const HARBOUR = "harbour-museum";
export const RIVERSIDE = "riverside-zoo";

export function staff(role: StaffRole, sellerId = HARBOUR): StaffActor {
  return {
    kind: "staff",
    id: `staff-${role}-${sellerId}`,
    name: `Test ${role}`,
    sellerId,
    role,
    refundLimit: null,
  };
}

/** The call fails with this catalogue code (and answers the error for more checks). */
export async function refusal(call: Promise<unknown>, code: string): Promise<ApiError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected ${code}`).toBeInstanceOf(ApiError);
  const api = error as ApiError;
  expect(api.items[0]?._code).toBe(code);
  return api;
}
