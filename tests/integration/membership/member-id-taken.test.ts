/**
 * A member ID is the seller's initials and six random digits (HM100001), unique per seller and
 * drawn again when taken. A seller whose six-digit IDs are all taken still gets an ID, one digit
 * longer, instead of drawing for ever: here every six-digit draw meets the same ID.
 */
import { describe, expect, it, vi } from "vitest";
import { withTestApi } from "../../helpers/api.ts";
import { buyMembershipAsGuest } from "../../helpers/membership.ts";

const TAKEN = 123_456;

vi.mock("node:crypto", async (original) => {
  const crypto = await original<typeof import("node:crypto")>();
  // Only the six-digit member ID draw is fixed; cart numbers and the rest stay random.
  const randomInt = ((min: number, max: number) =>
    min === 100_000 && max === 1_000_000 ? TAKEN : crypto.randomInt(min, max)) as never;
  return { ...crypto, default: { ...crypto, randomInt }, randomInt };
});

const api = withTestApi();
const buyIndividualMembership = async () =>
  (await buyMembershipAsGuest(api, "hm-membership-individual")).members;

describe("a member ID already taken", () => {
  it("the first member gets the six-digit ID; when every six-digit draw is taken, the next gets a seven-digit one", async () => {
    const [first] = await buyIndividualMembership();
    expect(first?.scanCode).toBe(`HM${TAKEN}`);
    const [second] = await buyIndividualMembership();
    expect(second?.scanCode).toMatch(/^HM\d{7}$/);
  });
});
