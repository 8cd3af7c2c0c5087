/** The cart on login (spec 1 §4 "On login with a cart the cart is refreshed ..."), with a fake API. */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CartApi } from "../../../src/lib/api/cart/client.ts";
import type { CartEnvelope } from "../../../src/lib/api/cart/schemas.ts";
import { ApiClientError } from "../../../src/lib/api/errors.ts";
import {
  $cart,
  addToCart,
  initCart,
  refreshAfterLogin,
  resetCartStoreForTests,
} from "../../../src/lib/stores/cart.ts";
import { envelope } from "../cart-fixtures.ts";
import { MemoryStorage } from "./memory-storage.ts";

const KEY = "foyer.cart.harbour-museum";
const failure = (status: number, code: string) =>
  new ApiClientError(status, [{ _code: code, _context: "cart", _description: code, _extra: {} }]);

function fakeApi(get: (cartId: string) => CartEnvelope | Error) {
  const calls: string[] = [];
  const api = {
    modify: vi.fn(async (_seller: string, cartId: string | null) => {
      calls.push(`modify:${cartId ?? "new"}`);
      return envelope([{ id: "t1", event: "ga", session: "s1", type: "adult" }], { id: "cart-1" });
    }),
    get: vi.fn(async (cartId: string) => {
      calls.push(`get:${cartId}`);
      const answer = get(cartId);
      if (answer instanceof Error) throw answer;
      return answer;
    }),
    remove: vi.fn(async (cartId: string): Promise<unknown> => {
      calls.push(`remove:${cartId}`);
      return undefined;
    }),
    extend: vi.fn(async () => ({ cart: { _count: 0, _data: [] } })),
    applyCode: vi.fn(async (cartId: string) => envelope([], { id: cartId })),
    removeCode: vi.fn(async (cartId: string) => envelope([], { id: cartId })),
    removePayment: vi.fn(async (cartId: string) => envelope([], { id: cartId })),
  } satisfies CartApi;
  return { api, calls };
}

async function startWithCart(get: (cartId: string) => CartEnvelope | Error) {
  const storage = new MemoryStorage();
  const fake = fakeApi(get);
  initCart({ seller: "harbour-museum", api: fake.api, storage, now: () => 1_000_000 });
  await addToCart({ add: [{ ticket_type_id: "adult" }] });
  expect($cart.get()).not.toBeNull();
  return { ...fake, storage };
}

beforeEach(() => resetCartStoreForTests());

describe("cart on login (spec 1 §4)", () => {
  it("the cart is refreshed: a cart with tickets is kept with the server's answer", async () => {
    const { calls, storage } = await startWithCart((id) =>
      envelope(
        [
          { id: "t1", event: "ga", session: "s1", type: "adult" },
          { id: "t2", event: "ga", session: "s1", type: "child" },
        ],
        { id },
      ),
    );
    const snapshot = await refreshAfterLogin("cart-1");
    expect(calls).toEqual(["modify:new", "get:cart-1"]);
    expect(snapshot?.envelope.ticket._data.map((t) => t.id)).toEqual(["t1", "t2"]);
    expect(storage.getItem(KEY)).toContain("t2");
  });

  it("'no tickets deletes it'", async () => {
    const { calls, storage } = await startWithCart((id) => envelope([], { id }));
    expect(await refreshAfterLogin("cart-1")).toBeNull();
    expect(calls).toEqual(["modify:new", "get:cart-1", "remove:cart-1"]);
    expect($cart.get()).toBeNull();
    expect(storage.getItem(KEY)).toBeNull();
  });

  it("'404 ... clears it locally' (no delete call)", async () => {
    const { calls } = await startWithCart(() => failure(404, "not_found"));
    expect(await refreshAfterLogin("cart-1")).toBeNull();
    expect(calls).toEqual(["modify:new", "get:cart-1"]);
    expect($cart.get()).toBeNull();
  });

  it("'payment-gateway-not-configured clears it locally'", async () => {
    const { calls } = await startWithCart(() => failure(400, "gateway_not_configured"));
    expect(await refreshAfterLogin("cart-1")).toBeNull();
    expect(calls).toEqual(["modify:new", "get:cart-1"]);
    expect($cart.get()).toBeNull();
  });

  it("'scope error deletes it'", async () => {
    const { calls } = await startWithCart(() => failure(403, "forbidden"));
    expect(await refreshAfterLogin(null)).toBeNull();
    expect(calls).toEqual(["modify:new", "get:cart-1", "remove:cart-1"]);
    expect($cart.get()).toBeNull();
  });

  it("uses the login answer's cart id when the server handed over another cart", async () => {
    const { calls } = await startWithCart((id) =>
      envelope([{ id: "t9", event: "ga", type: "adult" }], { id }),
    );
    const snapshot = await refreshAfterLogin("cart-user");
    expect(calls).toEqual(["modify:new", "get:cart-user"]);
    expect(snapshot?.envelope.cart._data[0]?.id).toBe("cart-user");
  });

  it("other failures are not swallowed and leave the cart alone", async () => {
    await startWithCart(() => failure(500, "unknown_error"));
    await expect(refreshAfterLogin("cart-1")).rejects.toThrow();
    expect($cart.get()).not.toBeNull();
  });

  it("with no cart there is nothing to refresh", async () => {
    const fake = fakeApi(() => envelope([]));
    initCart({ seller: "harbour-museum", api: fake.api, storage: new MemoryStorage(), now: () => 1 });
    expect(await refreshAfterLogin(null)).toBeNull();
    expect(fake.calls).toEqual([]);
  });
});
