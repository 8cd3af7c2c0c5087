import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CartApi } from "../../../src/lib/api/cart/client.ts";
import { $cart, adoptCart, initCart, resetCartStoreForTests } from "../../../src/lib/stores/cart.ts";
import { envelope } from "../cart-fixtures.ts";

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const KEY = "foyer.cart.harbour-museum";

function setup() {
  const storage = new MemoryStorage();
  initCart({
    seller: "harbour-museum",
    api: {} as CartApi,
    storage: storage as unknown as Storage,
    now: () => 1_000_000,
  });
  return storage;
}

// The store is module state: a file before this one in the worker may have left it set up.
beforeEach(() => resetCartStoreForTests());
afterEach(() => resetCartStoreForTests());

describe("adoptCart (the checkout page of /checkout/{cartId})", () => {
  it("makes the server's pending cart the current one and stores it for other tabs", async () => {
    const storage = setup();
    const answer = envelope([{ id: "t1", event: "ga", session: "s1", type: "adult" }], { id: "cart-9" });
    await adoptCart(answer);
    expect($cart.get()?.envelope.cart._data[0]?.id).toBe("cart-9");
    expect(JSON.parse(storage.getItem(KEY) ?? "null")?.envelope.cart._data[0].id).toBe("cart-9");
  });

  it("a cart that is no longer pending clears the local cart ('Any state other than pending clears')", async () => {
    const storage = setup();
    await adoptCart(envelope([{ id: "t1", event: "ga", session: "s1", type: "adult" }], { id: "cart-1" }));
    await adoptCart(
      envelope([{ id: "t1", event: "ga", session: "s1", type: "adult" }], {
        id: "cart-1",
        state: "booked",
        expiresIn: null,
      }),
    );
    expect($cart.get()).toBeNull();
    expect(storage.getItem(KEY)).toBeNull();
  });
});
