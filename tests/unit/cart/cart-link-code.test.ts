/**
 * Spec 1 §6, §9: a `?code=` link parameter is carried into the cart. The cart store
 * keeps the link's codes in the tab's storage until a cart takes them: preloaded on a new cart,
 * applied quietly to the cart already held, and never applied twice.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CartApi } from "../../../src/lib/api/cart/client.ts";
import type { ApplyCodeBody, CartModifyBody } from "../../../src/lib/api/cart/schemas.ts";
import { ApiClientError } from "../../../src/lib/api/errors.ts";
import {
  $cart,
  $cartChecked,
  addToCart,
  initCart,
  resetCartStoreForTests,
} from "../../../src/lib/stores/cart.ts";
import { envelope } from "../cart-fixtures.ts";
import { MemoryStorage } from "./memory-storage.ts";

const SELLER = "harbour-museum";
const LINK_KEY = `foyer.linkCode.${SELLER}`;
const now = () => 1_000_000;
const onEvents = (search: string) => ({ pathname: `/${SELLER}/events`, search });

function fakeApi(options: { refuse?: boolean; onCart?: string[] } = {}) {
  const modifies: { cartId: string | null; body: CartModifyBody }[] = [];
  const applies: { cartId: string; body: ApplyCodeBody }[] = [];
  const codes = (options.onCart ?? []).map((code) => ({ code, description: null }));
  const api = {
    modify: vi.fn(async (_seller: string, cartId: string | null, body: CartModifyBody) => {
      modifies.push({ cartId, body });
      return envelope([{ id: "t1", event: "ga", session: "s1", type: "adult" }], { id: cartId ?? "cart-1" });
    }),
    get: vi.fn(async (cartId: string) =>
      envelope([{ id: "t1", event: "ga", session: "s1", type: "adult" }], { id: cartId, codes }),
    ),
    remove: vi.fn(async (): Promise<unknown> => undefined),
    extend: vi.fn(),
    applyCode: vi.fn(async (cartId: string, body: ApplyCodeBody) => {
      applies.push({ cartId, body });
      if (options.refuse) {
        throw new ApiClientError(404, [
          { _code: "code_not_found", _context: "code", _description: "not found", _extra: {} },
        ]);
      }
      return envelope([{ id: "t1", event: "ga", type: "adult" }], {
        id: cartId,
        codes: [{ code: "FIVEOFF", description: "$5 off" }],
      });
    }),
    removeCode: vi.fn(),
    removePayment: vi.fn(),
  } as unknown as CartApi;
  return { api, modifies, applies };
}

/** A stored cart from an earlier page (localStorage), as the store writes it. */
function storedCart(): MemoryStorage {
  const storage = new MemoryStorage();
  storage.setItem(
    `foyer.cart.${SELLER}`,
    JSON.stringify({
      seller: SELLER,
      envelope: envelope([{ id: "t1", event: "ga", session: "s1", type: "adult" }], { id: "cart-9" }),
      localExpiresAt: now() + 600_000,
    }),
  );
  return storage;
}

/** Waits until the store's first check of a stored cart (and the link's apply) has run. */
const settle = () => vi.waitFor(() => expect($cartChecked.get()).toBe(true));

beforeEach(() => resetCartStoreForTests());
afterEach(() => vi.unstubAllGlobals());

describe("a ?code= link carried into the cart (spec 1 §6, §9)", () => {
  it("with no cart the code waits in the tab; the cart the next add creates preloads it, once", async () => {
    const { api, modifies } = fakeApi();
    const session = new MemoryStorage();
    initCart({
      seller: SELLER,
      api,
      storage: new MemoryStorage(),
      session,
      now,
      location: onEvents("?code=fiveoff"),
    });
    expect(JSON.parse(session.getItem(LINK_KEY) ?? "null")).toEqual({ pending: ["FIVEOFF"], handled: [] });
    await addToCart({ add: [{ ticket_type_id: "adult" }], preloadedPromoCodes: ["OTHER"] });
    expect(modifies[0]?.body.preloadedPromoCodes).toEqual(["OTHER", "FIVEOFF"]);
    expect(JSON.parse(session.getItem(LINK_KEY) ?? "null")).toEqual({ pending: [], handled: ["FIVEOFF"] });
    // The next add modifies that cart and sends no code again.
    await addToCart({ add: [{ ticket_type_id: "child" }] });
    expect(modifies[1]).toMatchObject({ cartId: "cart-1" });
    expect(modifies[1]?.body.preloadedPromoCodes).toBeUndefined();
  });

  it("a later page of the same tab, without the parameter, still carries the waiting code", async () => {
    const session = new MemoryStorage();
    const first = fakeApi();
    initCart({
      seller: SELLER,
      api: first.api,
      storage: new MemoryStorage(),
      session,
      now,
      location: onEvents("?code=FIVEOFF"),
    });
    resetCartStoreForTests(); // the next page
    const { api, modifies } = fakeApi();
    initCart({ seller: SELLER, api, storage: new MemoryStorage(), session, now, location: onEvents("") });
    await addToCart({ add: [{ ticket_type_id: "adult" }] });
    expect(modifies[0]?.body.preloadedPromoCodes).toEqual(["FIVEOFF"]);
  });

  it("with a cart already held the code is applied to it (no benefit required), once", async () => {
    const { api, applies } = fakeApi();
    const session = new MemoryStorage();
    initCart({
      seller: SELLER,
      api,
      storage: storedCart(),
      session,
      now,
      location: onEvents("?code=FIVEOFF"),
    });
    await settle();
    expect(applies).toEqual([{ cartId: "cart-9", body: { code: "FIVEOFF", require_benefit: false } }]);
    expect($cart.get()?.envelope.cart._data[0]?.codes.map((c) => c.code)).toEqual(["FIVEOFF"]);
    // The same link again (a reload) does not apply it again.
    resetCartStoreForTests();
    initCart({
      seller: SELLER,
      api,
      storage: storedCart(),
      session,
      now,
      location: onEvents("?code=FIVEOFF"),
    });
    await settle();
    expect(applies).toHaveLength(1);
  });

  it("a code the cart cannot take is dropped quietly and not tried again", async () => {
    const { api, applies } = fakeApi({ refuse: true });
    const session = new MemoryStorage();
    initCart({
      seller: SELLER,
      api,
      storage: storedCart(),
      session,
      now,
      location: onEvents("?code=NOSUCH"),
    });
    await settle();
    expect(applies).toHaveLength(1);
    expect(JSON.parse(session.getItem(LINK_KEY) ?? "null")).toEqual({ pending: [], handled: ["NOSUCH"] });
    expect($cart.get()?.envelope.cart._data[0]?.id).toBe("cart-9");
  });

  it("a code the cart already holds is not sent", async () => {
    const { api, applies } = fakeApi({ onCart: ["FIVEOFF"] });
    initCart({
      seller: SELLER,
      api,
      storage: storedCart(),
      session: new MemoryStorage(),
      now,
      location: onEvents("?code=fiveoff"),
    });
    await settle();
    expect(applies).toEqual([]);
  });

  it("on the login path the code is not carried (spec 1 §6)", async () => {
    const { api, modifies } = fakeApi();
    const session = new MemoryStorage();
    initCart({
      seller: SELLER,
      api,
      storage: new MemoryStorage(),
      session,
      now,
      location: { pathname: `/${SELLER}/login`, search: "?code=FIVEOFF" },
    });
    await addToCart({ add: [{ ticket_type_id: "adult" }] });
    expect(session.getItem(LINK_KEY)).toBeNull();
    expect(modifies[0]?.body.preloadedPromoCodes).toBeUndefined();
  });
});
