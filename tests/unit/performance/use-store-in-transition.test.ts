/**
 * Checkout's total blocking time: the checkout island follows the cart store through
 * followStore, so its renders are transitions. What it must keep from useStore: the value at
 * subscription time, then every change, and nothing after it unsubscribes.
 */
import { atom } from "nanostores";
import { describe, expect, it } from "vitest";
import { followStore } from "../../../src/islands/ui/useStoreInTransition.ts";

describe("followStore", () => {
  it("gives the store's value at once: a change before the island subscribed is not missed", () => {
    const store = atom("server");
    store.set("adopted");
    const seen: string[] = [];
    const stop = followStore(store, (v) => seen.push(v));
    expect(seen).toEqual(["adopted"]);
    stop();
  });

  it("gives every later change, and none once stopped", () => {
    const store = atom<number | null>(null);
    const seen: (number | null)[] = [];
    const stop = followStore(store, (v) => seen.push(v));
    store.set(1);
    store.set(2);
    stop();
    store.set(3);
    expect(seen).toEqual([null, 1, 2]);
  });
});
