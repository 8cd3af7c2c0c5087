/**
 * Spec 1 §9: "A default promo code comes from the first entry of the web config" — a new cart
 * preloads it (applied when it can be, skipped silently otherwise); an existing cart is not touched.
 */
import { afterEach, describe, expect, it } from "vitest";
import { getTenant } from "../../../src/lib/tenant/load.ts";
import { withTestApi } from "../../helpers/api.ts";
import { asCart, cartOf, send, setSessionCapacity, upcomingSession } from "../../helpers/cart.ts";

const api = withTestApi();

function setDefaultCodes(codes: string[]) {
  const tenant = getTenant("harbour-museum");
  if (!tenant) throw new Error("harbour-museum tenant missing");
  tenant.web.default_promo_codes = codes;
}

afterEach(() => setDefaultCodes([]));

async function newCart(offset: number) {
  const session = await upcomingSession(api, "hm-general-admission", offset);
  await setSessionCapacity(api, session.id, 60, 0);
  return cartOf(
    asCart(
      await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum", {
        add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id, quantity: 2 }],
      }),
    ),
  );
}

describe("default promo code", () => {
  it("'A default promo code comes from the first entry of the web config': a new cart has it applied", async () => {
    setDefaultCodes(["welcome10", "FIVEOFF"]);
    const cart = await newCart(0);
    expect(cart.codes.map((c) => c.code)).toEqual(["WELCOME10"]);
    expect(cart.totals.promo_discount).toBe("5.00");
  });

  it("a default code that cannot be used is skipped without blocking the cart", async () => {
    setDefaultCodes(["NOSUCH"]);
    const cart = await newCart(1);
    expect(cart.codes).toEqual([]);
    expect(cart.totals.promo_discount).toBe("0.00");
  });

  it("no default configured: a new cart has no code", async () => {
    const cart = await newCart(2);
    expect(cart.codes).toEqual([]);
  });
});
