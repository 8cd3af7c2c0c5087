/** The membership form's start (spec 1 §4): the cart question for a gift, the login-or-guest modal. */
import { describe, expect, it } from "vitest";
import { membershipGate } from "../../../src/lib/domain/membership/form.ts";

const guestVisitor = {
  action: "buy",
  loggedIn: false,
  guest: false,
  cartHasTickets: false,
  loginEnabled: true,
} as const;

describe("what stands before the membership form's fields", () => {
  it("a visitor not logged in, with an empty cart, meets the login-or-guest modal", () => {
    expect(membershipGate(guestVisitor)).toEqual({ cartAction: false, login: true });
  });

  it("no modal for a member, a chosen guest, a visitor with tickets, or a tenant without login", () => {
    for (const change of [
      { loggedIn: true },
      { guest: true },
      { cartHasTickets: true },
      { loginEnabled: false },
    ])
      expect(membershipGate({ ...guestVisitor, ...change }).login).toBe(false);
  });

  it("a gift with tickets in the cart asks about the cart first; a purchase does not", () => {
    expect(membershipGate({ ...guestVisitor, action: "gift", cartHasTickets: true })).toEqual({
      cartAction: true,
      login: false,
    });
    expect(membershipGate({ ...guestVisitor, action: "renew", cartHasTickets: true }).cartAction).toBe(false);
    expect(membershipGate({ ...guestVisitor, action: "gift", loggedIn: true }).cartAction).toBe(false);
  });
});
