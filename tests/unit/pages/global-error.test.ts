/**
 * Spec 1 §8 "Unexpected API errors show a message with a Continue link to the seller home.
 * Unhandled rejections show a general error with Reload." (the global error screen).
 */
import { describe, expect, it } from "vitest";
import { ApiClientError } from "../../../src/lib/api/errors.ts";
import { type ErrorScreen, errorScreenFor } from "../../../src/lib/domain/global-error.ts";
import { GLOBAL_ERROR_SCRIPT } from "../../../src/lib/pages/inline-scripts.ts";
import { cspHash, PAGE_CSP } from "../../../src/lib/server/http/content-security-policy.ts";

describe("errorScreenFor", () => {
  it("'Unhandled rejections show a general error with Reload'", () => {
    expect(errorScreenFor("rejection", new TypeError("x is undefined"))).toBe("reload");
    expect(errorScreenFor("rejection", "a string")).toBe("reload");
    expect(errorScreenFor("rejection", undefined)).toBe("reload");
    expect(errorScreenFor("error", new Error("boom"))).toBe("reload");
  });

  it("'Unexpected API errors show a message with a Continue link to the seller home'", () => {
    const apiError = new ApiClientError(500, [
      { _code: "internal_error", _context: "", _description: "Internal error", _extra: {} },
    ]);
    expect(errorScreenFor("rejection", apiError)).toBe("continue");
    expect(errorScreenFor("rejection", { status: 409, code: "conflict" })).toBe("continue");
  });

  it("no screen for a request the browser stopped, or an error event without its error (cross-origin, ResizeObserver)", () => {
    expect(
      errorScreenFor("rejection", new DOMException("The user aborted a request.", "AbortError")),
    ).toBeNull();
    expect(errorScreenFor("error", null)).toBeNull();
    expect(errorScreenFor("error", undefined)).toBeNull();
  });
});

/** Runs the page's inline script against a fake page; answers what the screen shows after `fire`. */
function runScript(fire: (emit: (type: string, event: Record<string, unknown>) => void) => void) {
  const listeners = new Map<string, ((event: Record<string, unknown>) => void)[]>();
  let focused: string | null = null;
  let reloaded = false;
  const element = (name: string, hidden: boolean) => {
    const clicks: (() => void)[] = [];
    return {
      name,
      hidden,
      focus: () => {
        focused = name;
      },
      addEventListener: (_type: string, fn: () => void) => clicks.push(fn),
      click: () => {
        for (const fn of clicks) fn();
      },
    };
  };
  const reload = element("reload", false);
  const onward = element("continue", true);
  const root = {
    hidden: true,
    querySelector: (selector: string) =>
      selector === "[data-global-error-reload]"
        ? reload
        : selector === "[data-global-error-continue]"
          ? onward
          : null,
  };
  const document = {
    querySelector: (selector: string) => (selector === "[data-global-error]" ? root : null),
  };
  const location = {
    reload: () => {
      reloaded = true;
    },
  };
  const addEventListener = (type: string, fn: (event: Record<string, unknown>) => void) =>
    listeners.set(type, [...(listeners.get(type) ?? []), fn]);
  new Function("document", "location", "addEventListener", GLOBAL_ERROR_SCRIPT)(
    document,
    location,
    addEventListener,
  );
  fire((type, event) => {
    for (const fn of listeners.get(type) ?? []) fn(event);
  });
  const shown: ErrorScreen | null = root.hidden ? null : reload.hidden ? "continue" : "reload";
  return {
    shown,
    focused,
    reloadVisible: !reload.hidden,
    continueVisible: !onward.hidden,
    reload,
    reloaded: () => reloaded,
  };
}

describe("the page's inline script follows errorScreenFor", () => {
  const apiError = new ApiClientError(500, [{ _code: "x", _context: "", _description: "d", _extra: {} }]);
  const cases: ["error" | "rejection", unknown][] = [
    ["rejection", new Error("probe")],
    ["rejection", "text"],
    ["rejection", undefined],
    ["rejection", apiError],
    ["rejection", { status: 404, code: "not_found" }],
    ["rejection", new DOMException("aborted", "AbortError")],
    ["error", new TypeError("boom")],
    ["error", null],
    ["error", undefined],
  ];
  for (const [kind, reason] of cases) {
    it(`${kind}: ${String((reason as { name?: string })?.name ?? reason)}`, () => {
      const run = runScript((emit) =>
        kind === "error" ? emit("error", { error: reason }) : emit("unhandledrejection", { reason }),
      );
      const expected = errorScreenFor(kind, reason);
      expect(run.shown).toBe(expected);
      if (expected) {
        expect(run.focused).toBe(expected);
        expect(run.reloadVisible).toBe(expected === "reload");
        expect(run.continueVisible).toBe(expected === "continue");
      }
    });
  }

  it("the first failure decides, and Reload reloads the page", () => {
    const run = runScript((emit) => {
      emit("unhandledrejection", { reason: new Error("first") });
      emit("unhandledrejection", { reason: { name: "ApiClientError", status: 500, code: "x" } });
    });
    expect(run.shown).toBe("reload");
    run.reload.click();
    expect(run.reloaded()).toBe(true);
  });

  it("the script's CSP hash is listed", () => {
    expect(PAGE_CSP.scriptHashes).toContain(cspHash(GLOBAL_ERROR_SCRIPT));
  });
});
