/**
 * A form sent without its island's handler (no JavaScript, or before the island hydrated) is sent
 * as the browser sends it. With no method that is a GET, with every field in the address: a
 * checkout's card number and security code, a login's e-mail, in the history and in the server's
 * and the CDN's logs. Developers' guide: "redact personal data in logs". So every island form is an
 * IslandForm (islands/ui/IslandForm.tsx), which says method="post"; before hydration, Base.astro's
 * guard (ISLAND_GUARD_SCRIPT) holds a submission and the form sends it again once it has
 * mounted. e2e/hydration-typing.spec.ts checks both in Chromium.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { IslandForm, type IslandFormRegistry } from "../../../src/islands/ui/IslandForm.tsx";
import { ISLAND_GUARD_SCRIPT } from "../../../src/lib/pages/inline-scripts.ts";

const ISLANDS = "src/islands";
const files = readdirSync(ISLANDS, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".tsx"));

/** Each `<tag ...>` opening tag of a file: its text up to the next element. */
function openingTags(source: string, tag: string): string[] {
  const tags: string[] = [];
  for (let at = source.indexOf(`<${tag}`); at !== -1; at = source.indexOf(`<${tag}`, at + 1)) {
    if (!/\s/.test(source[at + tag.length + 1] ?? "")) continue;
    const next = source.indexOf("<", at + 1);
    tags.push(source.slice(at, next === -1 ? undefined : next));
  }
  return tags;
}

describe("island forms are never sent as a GET with their fields in the address", () => {
  const sources = files.map((file) => ({ file, source: readFileSync(join(ISLANDS, file), "utf8") }));
  const islandForms = sources.flatMap(({ file, source }) =>
    openingTags(source, "IslandForm").map((tag) => ({ file, tag })),
  );

  it("finds the island forms (checkout, gift card, login steps, membership, promo code, account)", () => {
    expect(islandForms.length).toBeGreaterThanOrEqual(18);
    expect(islandForms.map((f) => f.file)).toEqual(
      expect.arrayContaining([
        "checkout/CheckoutIsland.tsx",
        "login/PasswordStep.tsx",
        "cart/PromoCodeDialog.tsx",
        "membership/redeem/RedeemIsland.tsx",
      ]),
    );
  });

  it("every form of an island is an IslandForm (no bare <form> outside ui/IslandForm.tsx)", () => {
    const bare = sources
      .filter(({ file }) => file !== join("ui", "IslandForm.tsx"))
      .filter(({ source }) => openingTags(source, "form").length > 0)
      .map(({ file }) => file);
    expect(bare).toEqual([]);
  });

  it("every checkbox, radio button and select of an island is a ChoiceInput or ChoiceSelect (ui/ChoiceInput.tsx: it adopts what was chosen before hydration)", () => {
    const bare = sources
      .filter(({ file }) => file !== join("ui", "ChoiceInput.tsx"))
      .flatMap(({ file, source }) => [
        ...openingTags(source, "input")
          .filter((tag) => /type="(checkbox|radio)"/.test(tag))
          .map(() => `${file}: <input> checkbox or radio`),
        ...openingTags(source, "select").map(() => `${file}: <select>`),
      ]);
    expect(bare).toEqual([]);
    const choices = sources.flatMap(({ source }) => [
      ...openingTags(source, "ChoiceInput"),
      ...openingTags(source, "ChoiceSelect"),
    ]);
    expect(choices.length).toBeGreaterThanOrEqual(14);
  });

  it("the check sees a bare form", () => {
    expect(
      openingTags('<form noValidate onSubmit={(e) => submit(e)}>\n<input name="card_number" />', "form"),
    ).toEqual(["<form noValidate onSubmit={(e) => submit(e)}>\n"]);
  });

  it('an IslandForm says method="post" and carries the attribute the guard knows it by', () => {
    const html = renderToStaticMarkup(
      createElement(IslandForm, { className: "promo-form", noValidate: true }),
    );
    expect(html).toMatch(/^<form [^>]*method="post"/);
    expect(html).toContain('data-island-form=""');
    expect(html).toContain('class="promo-form"');
  });
});

/** Runs the guard against a fake window; answers its registry and a way to send a form. */
function runGuard() {
  const listeners = new Map<string, (event: unknown) => void>();
  const self: { __foyerIslandForms?: IslandFormRegistry } = {};
  class FakeForm {
    constructor(readonly island: boolean) {}
    hasAttribute(name: string) {
      return this.island && name === "data-island-form";
    }
  }
  const timers: Array<() => void> = [];
  new Function("self", "addEventListener", "HTMLFormElement", "setTimeout", ISLAND_GUARD_SCRIPT)(
    self,
    (type: string, fn: (event: unknown) => void, capture: boolean) => {
      if (capture) listeners.set(type, fn);
    },
    FakeForm,
    (fn: () => void) => timers.push(fn),
  );
  /** An event of `type` on `target` as the window's capture listener sees it: what it stopped. */
  const dispatch = <T extends object>(type: string, fields: T) => {
    const event = {
      ...fields,
      prevented: false,
      stopped: false,
      preventDefault() {
        event.prevented = true;
      },
      stopPropagation() {
        event.stopped = true;
      },
    };
    listeners.get(type)?.(event);
    return event;
  };
  const send = (form: FakeForm, submitter: object | null = null) =>
    dispatch("submit", { target: form, submitter });
  /** A click on `target`. */
  const click = (target: object) => dispatch("click", { target });
  /** Runs the timers the guard has set, in order. */
  const runTimers = () => {
    for (const fn of timers.splice(0)) fn();
  };
  const registry = self.__foyerIslandForms;
  if (!registry) throw new Error("the guard shared no registry");
  return { registry, send, FakeForm, click, runTimers };
}

describe("ISLAND_GUARD_SCRIPT: a submission before the island is ready is held, not sent and not lost", () => {
  it("stops an island form's submission before its form is ready, and holds the first one with its button", () => {
    const { registry, send, FakeForm } = runGuard();
    const form = new FakeForm(true);
    const pay = { name: "Pay" };
    const first = send(form, pay);
    expect(first.prevented).toBe(true);
    expect(first.stopped).toBe(true);
    const again = send(form, null);
    expect(again.prevented).toBe(true);
    expect(registry.held.get(form as unknown as HTMLFormElement)).toBe(pay);
  });

  it("leaves a ready island form, and any other form, to go as it would", () => {
    const { registry, send, FakeForm } = runGuard();
    const ready = new FakeForm(true);
    registry.ready.add(ready as unknown as HTMLFormElement);
    const other = new FakeForm(false);
    for (const form of [ready, other]) {
      const event = send(form);
      expect(event.prevented).toBe(false);
      expect(event.stopped).toBe(false);
      expect(registry.held.has(form as unknown as HTMLFormElement)).toBe(false);
    }
  });
});

/** An `astro-island` element: hydrated or not (`ssr`), asleep or not; fires `astro:hydrate`. */
class FakeIsland {
  ssr = true;
  hydrated: Array<() => void> = [];
  constructor(readonly asleep = false) {}
  matches(selector: string) {
    return selector === "astro-island[ssr]" ? this.ssr : false;
  }
  hasAttribute(name: string) {
    return name === "data-cart-asleep" && this.asleep;
  }
  addEventListener(type: string, fn: () => void, options: { once: boolean }) {
    if (type === "astro:hydrate" && options.once) this.hydrated.push(fn);
  }
  hydrate() {
    this.ssr = false;
    for (const fn of this.hydrated.splice(0)) fn();
  }
}

/** A control inside an island: `closest` finds itself (as a control) and its island. */
class FakeControl {
  clicks = 0;
  isConnected = true;
  disabled = false;
  constructor(
    readonly island: FakeIsland | null,
    readonly type: string | undefined = "button",
    readonly form: object | null = null,
    readonly control = true,
  ) {}
  closest(selector: string) {
    if (selector === "astro-island[ssr]") return this.island?.ssr ? this.island : null;
    return this.control ? this : null;
  }
  matches(selector: string) {
    return selector === ":disabled" && this.disabled;
  }
  click() {
    this.clicks++;
  }
}

describe("ISLAND_GUARD_SCRIPT: a click on an island's control before it is ready is held, then made once it hydrates", () => {
  it("stops the click, and clicks the control again a task after the island's astro:hydrate", () => {
    const { click, runTimers } = runGuard();
    const island = new FakeIsland();
    const buy = new FakeControl(island);
    const event = click(buy);
    expect(event.prevented).toBe(true);
    expect(event.stopped).toBe(true);
    runTimers();
    expect(buy.clicks).toBe(0);
    island.hydrate();
    expect(buy.clicks).toBe(0);
    runTimers();
    expect(buy.clicks).toBe(1);
    // Hydrated: the next click goes through untouched.
    expect(click(buy).prevented).toBe(false);
  });

  it("holds the first click per island: a second click before hydration is stopped and not made again", () => {
    const { click, runTimers } = runGuard();
    const island = new FakeIsland();
    const plus = new FakeControl(island);
    const minus = new FakeControl(island);
    click(plus);
    expect(click(minus).prevented).toBe(true);
    expect(click(plus).prevented).toBe(true);
    island.hydrate();
    runTimers();
    expect([plus.clicks, minus.clicks]).toEqual([1, 0]);
  });

  it("makes no click on a control gone by the time the island is ready", () => {
    const { click, runTimers } = runGuard();
    const island = new FakeIsland();
    const removed = new FakeControl(island);
    click(removed);
    removed.isConnected = false;
    island.hydrate();
    runTimers();
    expect(removed.clicks).toBe(0);
  });

  it("clicks a control the island keeps disabled while it gets ready as soon as it is enabled, for up to 3 s (60 tries 50 ms apart)", () => {
    const { click, runTimers } = runGuard();
    const island = new FakeIsland();
    const amount = new FakeControl(island, "radio");
    click(amount);
    amount.disabled = true;
    island.hydrate();
    for (let i = 0; i < 5; i++) runTimers();
    expect(amount.clicks).toBe(0);
    amount.disabled = false;
    runTimers();
    expect(amount.clicks).toBe(1);
    runTimers();
    expect(amount.clicks).toBe(1);

    const never = new FakeIsland();
    const stuck = new FakeControl(never);
    click(stuck);
    stuck.disabled = true;
    never.hydrate();
    for (let i = 0; i < 70; i++) runTimers();
    stuck.disabled = false;
    runTimers();
    expect(stuck.clicks).toBe(0);
  });

  it("leaves alone a form's submit button (the submission guard's), an asleep cart widget, a hydrated island, and anything outside an island", () => {
    const { click } = runGuard();
    const hydrated = new FakeIsland();
    hydrated.ssr = false;
    const untouched = [
      new FakeControl(new FakeIsland(), "submit", {}),
      new FakeControl(new FakeIsland(true)),
      new FakeControl(hydrated),
      new FakeControl(null),
      new FakeControl(new FakeIsland(), undefined, null, false),
    ];
    for (const control of untouched) {
      const event = click(control);
      expect(event.prevented).toBe(false);
      expect(event.stopped).toBe(false);
    }
    // A text node's click (no closest) is not the guard's either.
    expect(click({}).prevented).toBe(false);
  });

  it("guards a button with no type outside any form (it submits nothing: its click would be lost)", () => {
    const { click } = runGuard();
    expect(click(new FakeControl(new FakeIsland(), "submit", null)).prevented).toBe(true);
  });
});

describe("ISLAND_GUARD_SCRIPT: a click on a button of an island form not ready is held for the form, which clicks it once mounted", () => {
  it("stops the click and holds the button for its form; a ready form's buttons are left alone", () => {
    const { registry, click, FakeForm } = runGuard();
    const form = new FakeForm(true);
    const usePasscode = new FakeControl(null, "button", form);
    const event = click(usePasscode);
    expect(event.prevented).toBe(true);
    expect(event.stopped).toBe(true);
    expect(registry.clicked.get(form as unknown as HTMLFormElement)).toBe(usePasscode);

    registry.ready.add(form as unknown as HTMLFormElement);
    const later = click(usePasscode);
    expect(later.prevented).toBe(false);
    expect(later.stopped).toBe(false);
  });

  it("holds only the form's first action: a click after a held submission, or a submission after a held click, is stopped and not held", () => {
    const { registry, click, send, FakeForm } = runGuard();
    const submitted = new FakeForm(true);
    send(submitted);
    expect(click(new FakeControl(null, "button", submitted)).prevented).toBe(true);
    expect(registry.clicked.has(submitted as unknown as HTMLFormElement)).toBe(false);

    const clickedFirst = new FakeForm(true);
    const button = new FakeControl(null, "button", clickedFirst);
    click(button);
    expect(send(clickedFirst).prevented).toBe(true);
    expect(registry.held.has(clickedFirst as unknown as HTMLFormElement)).toBe(false);
    expect(click(new FakeControl(null, "button", clickedFirst)).prevented).toBe(true);
    expect(registry.clicked.get(clickedFirst as unknown as HTMLFormElement)).toBe(button);
  });

  it("a button of a form that is not an island form is the island's rule, not the form's", () => {
    const { registry, click, FakeForm } = runGuard();
    const plain = new FakeForm(false);
    const island = new FakeIsland();
    const event = click(new FakeControl(island, "button", plain));
    expect(event.prevented).toBe(true);
    expect(registry.clicked.has(plain as unknown as HTMLFormElement)).toBe(false);
    expect(island.hydrated).toHaveLength(1);
  });
});
