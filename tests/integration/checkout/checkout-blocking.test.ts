/**
 * A cart blocked until a code is entered (spec 2 §2 "a form for a cart blocked until a code is
 * entered"; §8 "rule_blocks_reserve with block_reason code_required means a promo code is
 * needed"): the demo group hm-curator-tour has checkout_code_required; it can be held, the envelope
 * then carries the code_required blocking rule and assertCheckoutNotBlocked refuses the checkout,
 * until a code that applies to the group (CURATOR) is on the cart.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { ApiError } from "../../../src/lib/server/errors/api-error.ts";
import { assertCheckoutNotBlocked } from "../../../src/lib/server/services/cart/blocking.ts";
import { CODE_REQUIRED_TEXT } from "../../../src/lib/server/services/cart/errors.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, errorOf, send, setSessionCapacity, upcomingSession } from "../../helpers/cart.ts";

const api = withTestApi();

async function tourCart(offset: number) {
  const session = await upcomingSession(api, "hm-hidden-event", offset);
  await setSessionCapacity(api, session.id, 12, 0);
  return asCart(
    await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
      add: [{ ticket_type_id: "hm-curator-adult", event_session_id: session.id, quantity: 1 }],
    }),
  );
}

const applyCode = (id: string, code: string) => send(api, "POST", `/api/my/cart/${id}/apply_code`, { code });

/** The error assertCheckoutNotBlocked threw, or null when it let the checkout through. */
async function refusal(cartId: string): Promise<ApiError | null> {
  try {
    await api.handle.db.transaction(async (tx) => {
      const [cart] = await tx.select().from(s.cart).where(eq(s.cart.id, cartId));
      if (!cart) throw new Error(`no cart ${cartId}`);
      await assertCheckoutNotBlocked(tx, cart);
    });
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

describe("checkout_code_required groups", () => {
  it("'a cart blocked until a code is entered': the held tour carries the code_required rule and checkout is refused 409 rule_blocks_reserve (checkout_rules, block_reason code_required)", async () => {
    const cart = cartOf(await tourCart(0));
    expect(cart.state).toBe("pending");
    expect(cart.blocking_rules).toEqual([{ code: "code_required", description: CODE_REQUIRED_TEXT }]);
    const error = await refusal(cart.id);
    expect(error?.status).toBe(409);
    expect(error?.items).toEqual([
      {
        _code: "rule_blocks_reserve",
        _context: "checkout_rules",
        _description: CODE_REQUIRED_TEXT,
        _extra: { block_reason: "code_required", ticket_group_id: "hm-curator-tour" },
      },
    ]);
  });

  it("a code that does not apply to the group (PREVIEW opens another group) leaves the cart blocked", async () => {
    const cart = cartOf(await tourCart(1));
    const after = cartOf(asCart(await applyCode(cart.id, "PREVIEW")));
    expect(after.codes.map((c) => c.code)).toEqual(["PREVIEW"]);
    expect(after.blocking_rules.map((r) => r.code)).toEqual(["code_required"]);
    expect((await refusal(cart.id))?.items[0]?._extra).toMatchObject({ block_reason: "code_required" });
  });

  it("a wrong code is refused (code_not_found) and the cart stays blocked", async () => {
    const cart = cartOf(await tourCart(2));
    const answer = await applyCode(cart.id, "NOTACODE");
    expect(answer.status).toBe(422);
    expect(errorOf(answer)._code).toBe("code_not_found");
    expect((await refusal(cart.id))?.status).toBe(409);
  });

  it("the code that unlocks the group (CURATOR) unblocks: no blocking rule, checkout allowed", async () => {
    const cart = cartOf(await tourCart(3));
    const after = cartOf(asCart(await applyCode(cart.id, " curator ")));
    expect(after.codes.map((c) => c.code)).toEqual(["CURATOR"]);
    expect(after.blocking_rules).toEqual([]);
    expect(await refusal(cart.id)).toBeNull();
  });

  it("a cart without a code-required group is never blocked", async () => {
    const session = await upcomingSession(api, "hm-general-admission", 5);
    await setSessionCapacity(api, session.id, 60, 0);
    const cart = cartOf(
      asCart(
        await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
          add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 1 }],
        }),
      ),
    );
    expect(cart.blocking_rules).toEqual([]);
    expect(await refusal(cart.id)).toBeNull();
  });

  it("the checkout and pay calls refuse a blocked cart before any payment, and take it once the code is applied", async () => {
    const cart = cartOf(await tourCart(4));
    const card = { card_number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" };
    const guest = { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" };
    const blocked = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
      gateway_id: "test",
      gateway_data: card,
      identity: guest,
    });
    expect(blocked.status).toBe(409);
    expect(errorOf(blocked)).toMatchObject({ _code: "rule_blocks_reserve", _context: "checkout_rules" });
    const pay = await send(api, "POST", `/api/cart/${cart.id}/pay`, {
      gateway_id: "test",
      gateway_data: card,
      amount: "1.00",
    });
    expect(pay.status).toBe(409);
    const payments = await api.handle.db.select().from(s.payment).where(eq(s.payment.cartId, cart.id));
    expect(payments).toEqual([]);
    await applyCode(cart.id, "CURATOR");
    const done = await send(api, "POST", `/api/cart/${cart.id}/guest_checkout`, {
      gateway_id: "test",
      gateway_data: card,
      identity: guest,
    });
    expect(done.status).toBe(200);
  });
});
