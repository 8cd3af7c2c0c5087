import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CartApi } from "../../../src/lib/api/cart/client.ts";
import type { CartEnvelope, CartModifyBody } from "../../../src/lib/api/cart/schemas.ts";
import { ApiClientError } from "../../../src/lib/api/errors.ts";
import {
  $cart,
  $cartChecked,
  addToCart,
  applyCode,
  currentCart,
  deleteCart,
  extendCart,
  initCart,
  msLeft,
  refreshCart,
  removeCode,
  removePayment,
  removeTickets,
  resetCartStoreForTests,
} from "../../../src/lib/stores/cart.ts";
import { envelope } from "../cart-fixtures.ts";
import { MemoryStorage } from "./memory-storage.ts";

const KEY = "foyer.cart.harbour-museum";
let now = 1_000_000;
const clock = () => now;

const gone = () =>
  new ApiClientError(410, [{ _code: "cart_expired", _context: "cart", _description: "expired", _extra: {} }]);

function fakeApi(answers: { modify?: (cartId: string | null, body: CartModifyBody) => CartEnvelope } = {}) {
  const calls: string[] = [];
  const api = {
    modify: vi.fn(async (_seller: string, cartId: string | null, body: CartModifyBody) => {
      calls.push(`modify:${cartId ?? "new"}`);
      const fallback = () =>
        envelope([{ id: "t1", event: "ga", session: "s1", type: "adult" }], { id: cartId ?? "cart-1" });
      return (answers.modify ?? fallback)(cartId, body);
    }),
    get: vi.fn(async (cartId: string) => {
      calls.push(`get:${cartId}`);
      return envelope([{ id: "t1", event: "ga", session: "s1", type: "adult" }], {
        id: cartId,
        expiresIn: 600,
      });
    }),
    remove: vi.fn(async (cartId: string): Promise<unknown> => {
      calls.push(`remove:${cartId}`);
      return undefined;
    }),
    extend: vi.fn(async (cartId: string, expiresAt: Date) => {
      calls.push(`extend:${cartId}`);
      return {
        cart: {
          _count: 1,
          _data: [{ id: cartId, expires_at: expiresAt.toISOString(), expires_in: 180 }],
        },
      };
    }),
    applyCode: vi.fn(async (cartId: string) => {
      calls.push(`apply:${cartId}`);
      return envelope([{ id: "t1", event: "ga", type: "adult" }], {
        id: cartId,
        totals: { promo_discount: "5.00", total: "48.00" },
      });
    }),
    removeCode: vi.fn(async (cartId: string, code: string) => {
      calls.push(`removeCode:${cartId}:${code}`);
      return envelope([{ id: "t1", event: "ga", type: "adult" }], { id: cartId });
    }),
    removePayment: vi.fn(async (cartId: string, paymentId: string) => {
      calls.push(`removePayment:${cartId}:${paymentId}`);
      return envelope([{ id: "t1", event: "ga", type: "adult" }], { id: cartId });
    }),
  } satisfies CartApi;
  return { api, calls };
}

function start(api: CartApi, storage = new MemoryStorage(), tagManagerId?: string) {
  initCart({ seller: "harbour-museum", api, storage, now: clock, ...(tagManagerId ? { tagManagerId } : {}) });
  return storage;
}

beforeEach(() => {
  now = 1_000_000;
  resetCartStoreForTests();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("cart store (spec §4 'Cart')", () => {
  it("with no cart a modify creates one; local expiry = expires_in minus 5 seconds; stored for other tabs", async () => {
    const { api, calls } = fakeApi();
    const storage = start(api);
    expect($cartChecked.get()).toBe(true);
    await addToCart({ add: [{ ticket_type_id: "adult", event_session_id: "s1", quantity: 1 }] });
    expect(calls).toEqual(["modify:new"]);
    expect($cart.get()?.localExpiresAt).toBe(now + (900 - 5) * 1000);
    expect(msLeft()).toBe(895_000);
    expect(JSON.parse(storage.getItem(KEY) ?? "null")?.envelope.cart._data[0].id).toBe("cart-1");
  });

  it("a stored cart tells this tab's sleeping cart widget (the widget starts with a cart); a cleared one does not", async () => {
    const target = new EventTarget();
    vi.stubGlobal("window", target);
    const heard: string[] = [];
    target.addEventListener("foyer:cart-stored", (event) => heard.push(event.type));
    const { api } = fakeApi();
    start(api);
    await addToCart({ add: [{ ticket_type_id: "adult", event_session_id: "s1", quantity: 1 }] });
    expect(heard).toEqual(["foyer:cart-stored"]);
    await deleteCart();
    expect(heard).toEqual(["foyer:cart-stored"]);
  });

  it("with a cart it modifies that cart", async () => {
    const { api, calls } = fakeApi();
    start(api);
    await addToCart({ add: [{ ticket_type_id: "adult" }] });
    await addToCart({ add: [{ ticket_type_id: "child" }] });
    expect(calls).toEqual(["modify:new", "modify:cart-1"]);
  });

  it("'A cart with under 30 seconds left is deleted and recreated'", async () => {
    const { api, calls } = fakeApi();
    start(api);
    await addToCart({ add: [{ ticket_type_id: "adult" }] });
    now += (895 - 29) * 1000; // 29 s of local time left
    await addToCart({ add: [{ ticket_type_id: "adult" }] });
    expect(calls).toEqual(["modify:new", "remove:cart-1", "modify:new"]);
  });

  it("the cart is current only while its local expiry is in the future", async () => {
    const { api } = fakeApi();
    start(api);
    await addToCart({ add: [{ ticket_type_id: "adult" }] });
    expect(currentCart()).not.toBeNull();
    now += 895_000;
    expect(currentCart()).toBeNull();
    expect(msLeft()).toBe(0);
  });

  it("'any state other than pending clears the local cart'", async () => {
    const { api } = fakeApi({ modify: () => envelope([], { state: "booked", expiresIn: null }) });
    const storage = start(api);
    await addToCart({ add: [{ ticket_type_id: "adult" }] });
    expect($cart.get()).toBeNull();
    expect(storage.getItem(KEY)).toBeNull();
  });

  it("loads the stored cart and checks it with the server once; an expired cart is cleared", async () => {
    const storage = new MemoryStorage();
    const stored = envelope([{ id: "t1", event: "ga", type: "adult" }], { id: "old" });
    storage.setItem(
      KEY,
      JSON.stringify({ seller: "harbour-museum", envelope: stored, localExpiresAt: now + 5000 }),
    );
    const { api } = fakeApi();
    api.get.mockRejectedValueOnce(gone());
    start(api, storage);
    expect($cartChecked.get()).toBe(false);
    await vi.waitFor(() => expect($cartChecked.get()).toBe(true));
    expect(api.get.mock.calls).toEqual([["old", "harbour-museum"]]);
    expect($cart.get()).toBeNull();
    expect(storage.getItem(KEY)).toBeNull();
  });

  it("a stored cart the server still holds is shown and refreshed; an early action waits for it", async () => {
    const storage = new MemoryStorage();
    const stored = envelope([{ id: "t1", event: "ga", type: "adult" }], { id: "kept" });
    storage.setItem(
      KEY,
      JSON.stringify({ seller: "harbour-museum", envelope: stored, localExpiresAt: now + 60_000 }),
    );
    const { api, calls } = fakeApi();
    start(api, storage);
    await addToCart({ add: [{ ticket_type_id: "child" }] });
    await vi.waitFor(() => expect($cartChecked.get()).toBe(true));
    expect(calls).toEqual(["modify:kept", "get:kept"]);
    expect($cart.get()?.envelope.cart._data[0]?.id).toBe("kept");
  });

  it("ignores a stored cart of another seller or an unreadable one", () => {
    const storage = new MemoryStorage();
    storage.setItem(KEY, "{not json");
    start(fakeApi().api, storage);
    expect($cart.get()).toBeNull();
  });

  it("refresh keeps the store in step with the server's answer", async () => {
    const { api } = fakeApi();
    start(api);
    await addToCart({ add: [{ ticket_type_id: "adult" }] });
    await refreshCart();
    expect($cart.get()?.localExpiresAt).toBe(now + (600 - 5) * 1000);
  });

  it("a failed add leaves the store as it was (never optimistic)", async () => {
    const { api } = fakeApi();
    start(api);
    await addToCart({ add: [{ ticket_type_id: "adult" }] });
    const before = $cart.get();
    api.modify.mockRejectedValueOnce(
      new ApiClientError(409, [
        { _code: "session_capacity_exceeded", _context: "reserve", _description: "full", _extra: {} },
      ]),
    );
    await expect(addToCart({ add: [{ ticket_type_id: "adult" }] })).rejects.toMatchObject({
      code: "session_capacity_exceeded",
    });
    expect($cart.get()).toBe(before);
  });

  it("removes tickets with modify {remove}; deleteCart releases the cart and clears it", async () => {
    const { api, calls } = fakeApi();
    const storage = start(api);
    await addToCart({ add: [{ ticket_type_id: "adult" }] });
    await removeTickets(["t1"]);
    expect(api.modify).toHaveBeenLastCalledWith("harbour-museum", "cart-1", { remove: ["t1"] });
    await deleteCart();
    expect(calls.at(-1)).toBe("remove:cart-1");
    expect($cart.get()).toBeNull();
    expect(storage.getItem(KEY)).toBeNull();
  });

  it("extension adds 2 minutes to the server's expires_at (spec §9 'extension 2 minutes')", async () => {
    const { api } = fakeApi();
    start(api);
    await addToCart({ add: [{ ticket_type_id: "adult" }] });
    const expiresAt = Date.parse($cart.get()?.envelope.cart._data[0]?.expires_at ?? "");
    await extendCart();
    expect(api.extend.mock.calls[0]?.[1].getTime()).toBe(expiresAt + 120_000);
    expect($cart.get()?.localExpiresAt).toBe(now + (180 - 5) * 1000);
  });

  it("applies a code list and stores the answer", async () => {
    const { api } = fakeApi();
    start(api);
    await addToCart({ add: [{ ticket_type_id: "adult" }] });
    await applyCode("WELCOME10,FIVEOFF");
    expect(api.applyCode).toHaveBeenCalledWith("cart-1", { code: "WELCOME10,FIVEOFF" }, "harbour-museum");
    expect($cart.get()?.envelope.cart._data[0]?.totals.promo_discount).toBe("5.00");
  });

  it("'An applied promo code can't be removed': removeCode sends DELETE for the code and stores the answer", async () => {
    const { api, calls } = fakeApi();
    start(api);
    await addToCart({ add: [{ ticket_type_id: "adult" }] });
    await applyCode("WELCOME10");
    expect($cart.get()?.envelope.cart._data[0]?.totals.promo_discount).toBe("5.00");
    await removeCode("WELCOME10");
    expect(calls.at(-1)).toBe("removeCode:cart-1:WELCOME10");
    expect($cart.get()?.envelope.cart._data[0]?.totals.promo_discount).not.toBe("5.00");
  });

  it("'Let a shopper remove an applied card before paying': removePayment names the payment", async () => {
    const { api, calls } = fakeApi();
    start(api);
    await addToCart({ add: [{ ticket_type_id: "adult" }] });
    await removePayment("pay-1");
    expect(calls.at(-1)).toBe("removePayment:cart-1:pay-1");
  });

  it("runs calls one at a time, in order", async () => {
    const { api, calls } = fakeApi();
    start(api);
    await Promise.all([
      addToCart({ add: [{ ticket_type_id: "adult" }] }),
      addToCart({ add: [{ ticket_type_id: "child" }] }),
      applyCode("WELCOME10"),
    ]);
    expect(calls).toEqual(["modify:new", "modify:cart-1", "apply:cart-1"]);
  });
});

describe("analytics (spec §7: 'sent only with a tag-manager container id')", () => {
  it("pushes nothing to dataLayer without a tag-manager id", async () => {
    const w: { dataLayer?: unknown[] } = {};
    vi.stubGlobal("window", w);
    start(fakeApi().api);
    await addToCart({ add: [{ ticket_type_id: "adult" }] });
    await deleteCart();
    expect(w.dataLayer).toBeUndefined();
  });

  it("pushes add_to_cart for newly added tickets and remove_from_cart with a tag-manager id", async () => {
    const w: { dataLayer?: unknown[] } = {};
    vi.stubGlobal("window", w);
    const { api } = fakeApi({
      modify: (cartId) =>
        cartId
          ? envelope([
              { id: "t1", event: "ga", type: "adult" },
              { id: "t2", event: "ga", type: "child" },
            ])
          : envelope([{ id: "t1", event: "ga", type: "adult" }]),
    });
    start(api, new MemoryStorage(), "GTM-TEST1");
    await addToCart({ add: [{ ticket_type_id: "adult" }] });
    await addToCart({ add: [{ ticket_type_id: "child" }] });
    await deleteCart();
    const events = (w.dataLayer ?? []) as { event: string; ecommerce: { items: { ticket_id: string }[] } }[];
    expect(events.map((e) => [e.event, e.ecommerce.items.map((i) => i.ticket_id)])).toEqual([
      ["add_to_cart", ["t1"]],
      ["add_to_cart", ["t2"]],
      ["remove_from_cart", ["t1", "t2"]],
    ]);
  });
});
