/**
 * The checkout's captcha token (spec 2 §5 "A closed or expired challenge counts as cancel"; §8 "A
 * dismissed captcha is logged and ignored"): a fake window.hcaptcha and a minimal fake DOM.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CAPTCHA_SCRIPT_URL,
  type CaptchaApi,
  type CaptchaRenderOptions,
  captchaToken,
  resetCaptchaForTests,
} from "../../../src/islands/checkout/captcha.ts";

interface FakeElement {
  tag: string;
  src?: string;
  async?: boolean;
  className?: string;
  attributes: Record<string, string>;
  style: { cssText: string };
  onload?: () => void;
  onerror?: () => void;
  removed: boolean;
  setAttribute(name: string, value: string): void;
  remove(): void;
}

const SCRIPT_URL = "http://127.0.0.1/fake-hcaptcha.js";
let scripts: FakeElement[];
let containers: FakeElement[];
let win: { hcaptcha?: CaptchaApi; __FOYER_CAPTCHA_SCRIPT__?: string };

function element(tag: string): FakeElement {
  return {
    tag,
    attributes: {},
    style: { cssText: "" },
    removed: false,
    setAttribute(name, value) {
      this.attributes[name] = value;
    },
    remove() {
      this.removed = true;
    },
  };
}

/** A fake provider: execute waits until the test settles it, or a render callback fires. */
function fakeProvider() {
  const rendered: { container: unknown; options: CaptchaRenderOptions }[] = [];
  const resets: string[] = [];
  let settle: { resolve(v: { response: string }): void; reject(e: unknown): void } | undefined;
  const api: CaptchaApi = {
    render(container, options) {
      rendered.push({ container, options });
      return `widget-${rendered.length}`;
    },
    execute: vi.fn(
      () =>
        new Promise<{ response: string }>((resolve, reject) => {
          settle = { resolve, reject };
        }),
    ),
    reset(id) {
      resets.push(id);
    },
  };
  const executed = async () => {
    await vi.waitFor(() => expect(settle).toBeDefined());
    const current = settle;
    settle = undefined;
    if (!current) throw new Error("not executing");
    return current;
  };
  return { api, rendered, resets, executed };
}

/** Lets the page's script "load": the provider appears on window, then onload runs. */
async function scriptLoads(api: CaptchaApi) {
  await vi.waitFor(() => expect(scripts.length).toBeGreaterThan(0));
  win.hcaptcha = api;
  scripts.at(-1)?.onload?.();
}

beforeEach(() => {
  resetCaptchaForTests();
  scripts = [];
  containers = [];
  win = { __FOYER_CAPTCHA_SCRIPT__: SCRIPT_URL };
  vi.stubGlobal("window", win);
  vi.stubGlobal("document", {
    createElement: (tag: string) => element(tag),
    head: { appendChild: (el: FakeElement) => scripts.push(el) },
    body: { appendChild: (el: FakeElement) => containers.push(el) },
  });
  vi.spyOn(console, "info").mockImplementation(() => undefined);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("captchaToken", () => {
  it("loads the provider script lazily from the override URL, renders an invisible widget in a hidden container and resolves the token", async () => {
    expect(scripts).toHaveLength(0);
    const provider = fakeProvider();
    const pending = captchaToken("site-key-1");
    await scriptLoads(provider.api);
    (await provider.executed()).resolve({ response: "tok-1" });
    await expect(pending).resolves.toBe("tok-1");
    expect(scripts.map((s) => s.src)).toEqual([SCRIPT_URL]);
    expect(provider.rendered).toHaveLength(1);
    expect(provider.rendered[0]?.options).toMatchObject({ sitekey: "site-key-1", size: "invisible" });
    expect(provider.rendered[0]?.container).toBe(containers[0]);
    expect(containers[0]?.attributes["aria-hidden"]).toBe("true");
    expect(provider.api.execute).toHaveBeenCalledWith("widget-1", { async: true });
  });

  it("defaults to the hCaptcha script when no override is set", async () => {
    win.__FOYER_CAPTCHA_SCRIPT__ = undefined;
    const provider = fakeProvider();
    const pending = captchaToken("k");
    await scriptLoads(provider.api);
    (await provider.executed()).resolve({ response: "t" });
    await pending;
    expect(scripts[0]?.src).toBe(CAPTCHA_SCRIPT_URL);
  });

  it("loads the script once: a second token reuses the widget and resets it first (tokens are single use)", async () => {
    const provider = fakeProvider();
    const first = captchaToken("k");
    await scriptLoads(provider.api);
    (await provider.executed()).resolve({ response: "a" });
    await expect(first).resolves.toBe("a");
    const second = captchaToken("k");
    (await provider.executed()).resolve({ response: "b" });
    await expect(second).resolves.toBe("b");
    expect(scripts).toHaveLength(1);
    expect(provider.rendered).toHaveLength(1);
    expect(provider.resets).toEqual(["widget-1"]);
  });

  it("spec §5: a closed challenge (execute rejects challenge-closed) counts as cancel: null, logged", async () => {
    const provider = fakeProvider();
    const pending = captchaToken("k");
    await scriptLoads(provider.api);
    (await provider.executed()).reject("challenge-closed");
    await expect(pending).resolves.toBeNull();
    expect(console.info).toHaveBeenCalledWith(expect.stringContaining("captcha"), {
      reason: "challenge-closed",
    });
  });

  it("spec §5: an expired challenge (the chalexpired callback) counts as cancel even if execute never settles", async () => {
    const provider = fakeProvider();
    const pending = captchaToken("k");
    await scriptLoads(provider.api);
    await provider.executed();
    provider.rendered[0]?.options["chalexpired-callback"]?.();
    await expect(pending).resolves.toBeNull();
  });

  it("the close callback also cancels", async () => {
    const provider = fakeProvider();
    const pending = captchaToken("k");
    await scriptLoads(provider.api);
    await provider.executed();
    provider.rendered[0]?.options["close-callback"]?.();
    await expect(pending).resolves.toBeNull();
  });

  it("a script that fails to load resolves null and is logged; the next call tries to load it again", async () => {
    const pending = captchaToken("k");
    await vi.waitFor(() => expect(scripts).toHaveLength(1));
    scripts[0]?.onerror?.();
    await expect(pending).resolves.toBeNull();
    expect(console.warn).toHaveBeenCalled();
    expect(scripts[0]?.removed).toBe(true);
    const provider = fakeProvider();
    const retry = captchaToken("k");
    await vi.waitFor(() => expect(scripts).toHaveLength(2));
    await scriptLoads(provider.api);
    (await provider.executed()).resolve({ response: "late" });
    await expect(retry).resolves.toBe("late");
  });

  it("a provider that throws while rendering resolves null instead of breaking checkout", async () => {
    const provider = fakeProvider();
    provider.api.render = () => {
      throw new Error("bad sitekey");
    };
    const pending = captchaToken("k");
    await scriptLoads(provider.api);
    await expect(pending).resolves.toBeNull();
  });
});
