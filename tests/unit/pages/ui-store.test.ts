import { beforeEach, describe, expect, it } from "vitest";
import {
  $discardPrompt,
  declineExtension,
  isExtensionDeclined,
  requestDiscardOrCheckout,
  settleDiscardPrompt,
} from "../../../src/lib/stores/ui.ts";

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

beforeEach(() => {
  settleDiscardPrompt("dismissed");
});

describe("discard cart or checkout prompt (spec §2 'Modals')", () => {
  it("opens with the caller's texts and resolves with the shopper's choice", async () => {
    const choice = requestDiscardOrCheckout({ title: "Gift a Membership" });
    expect($discardPrompt.get()?.title).toBe("Gift a Membership");
    settleDiscardPrompt("discarded");
    await expect(choice).resolves.toBe("discarded");
    expect($discardPrompt.get()).toBeNull();
  });

  it("a second request dismisses the first", async () => {
    const first = requestDiscardOrCheckout();
    const second = requestDiscardOrCheckout({ message: "again" });
    await expect(first).resolves.toBe("dismissed");
    settleDiscardPrompt("checkout");
    await expect(second).resolves.toBe("checkout");
  });
});

describe("extension prompt (spec §4: 'dismiss marks declined')", () => {
  it("declining sticks per cart id", () => {
    const storage = new MemoryStorage() as unknown as Storage;
    expect(isExtensionDeclined("c1", storage)).toBe(false);
    declineExtension("c1", storage);
    expect(isExtensionDeclined("c1", storage)).toBe(true);
    expect(isExtensionDeclined("c2", storage)).toBe(false);
  });
});
