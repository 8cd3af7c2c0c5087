/**
 * The islands' and stores' layer: they run in the shopper's browser (or render inside an island),
 * so they reach data only through the API client, never the server's code or the page loaders.
 * And each island feature (src/islands/<feature>/) keeps its internals to itself: another feature
 * uses its public face, listed below, or what they share goes to src/islands/ui.
 * Every module is read as text (tests/helpers/module-imports.ts) and its imports are checked.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf } from "../../helpers/module-imports.ts";

const ISLANDS = "src/islands";
const STORES = "src/lib/stores";
const SOURCE = /\.(tsx?|astro)$/;

/** The folders whose code an island or a store must not import. */
const SERVER_SIDE = ["src/lib/server/", "src/lib/pages/", "src/lib/server/page-data/"];

/**
 * What a feature lets the others use, by path under its folder. Anything else is internal.
 * - reserve: its props and environment, and the calendar, session picker and seat map that the
 *   manage feature's edit and reschedule screens reuse, with their styles;
 * - login: the login-or-guest dialog, its calls and texts (the membership form opens it), and the
 *   remembered e-mail (the account's e-mail forms prefill it);
 * - cart: the cart button and the code entry (the checkout shows both);
 * - account: its calls (the membership auto-renew cancel uses the account's session);
 * - manage: the reschedule's mail step (the checkout of an edit cart sends it).
 */
const PUBLIC: Record<string, readonly string[]> = {
  reserve: [
    "props.ts",
    "context.ts",
    "useBrowserReserveEnv.ts",
    "useSessions.ts",
    "DatePicker.tsx",
    "SessionPicker.tsx",
    "seats/SeatSelection.tsx",
    "reserve.css",
  ],
  login: ["LoginOrGuestDialog.tsx", "login-calls.ts", "login-strings.ts", "remembered-email.ts"],
  cart: ["CartButton.tsx", "useCodeEntry.ts"],
  account: ["account-calls.ts"],
  manage: ["reschedule/edit-mail.ts"],
  membership: ["props.ts"],
};
/** Shared by every feature. */
const SHARED_FEATURE = "ui";

const modulesUnder = (root: string) =>
  readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((f) => SOURCE.test(f))
    .map((f) => join(root, f));

/** The repository paths a module imports (relative specifiers resolved; packages as written). */
function importedPaths(file: string, source: string): string[] {
  return importsOf(source).map((spec) =>
    spec.startsWith(".") ? normalize(join(dirname(file), spec)) : spec,
  );
}

/** `file imports target` for each import of a server-side folder. */
function serverImports(file: string, source: string): string[] {
  return importedPaths(file, source)
    .filter((target) => SERVER_SIDE.some((folder) => target.startsWith(folder)))
    .map((target) => `${file} imports ${target}`);
}

/** The feature folder of a path under src/islands ("" for a module at its top). */
function featureOf(path: string): string {
  const parts = relative(ISLANDS, path).split("/");
  return parts.length > 1 && parts[0] !== ".." ? (parts[0] ?? "") : "";
}

/** `file imports target` for each import of another feature's internal module. */
function crossFeatureImports(file: string, source: string): string[] {
  const own = featureOf(file);
  return importedPaths(file, source)
    .filter((target) => target.startsWith(`${ISLANDS}/`))
    .filter((target) => {
      const feature = featureOf(target);
      if (feature === own || feature === SHARED_FEATURE || feature === "") return false;
      const inside = relative(join(ISLANDS, feature), target);
      return !(PUBLIC[feature] ?? []).includes(inside);
    })
    .map((target) => `${file} imports ${target}`);
}

const islandModules = modulesUnder(ISLANDS);
const storeModules = modulesUnder(STORES);

describe("islands and stores never import server code", () => {
  it("reads every island and store module", () => {
    expect(islandModules.length).toBeGreaterThan(100);
    expect(storeModules.length).toBeGreaterThanOrEqual(3);
  });

  it("no module under src/islands or src/lib/stores imports src/lib/server or src/lib/pages", () => {
    const offenders = [...islandModules, ...storeModules].flatMap((file) =>
      serverImports(file, readFileSync(file, "utf8")),
    );
    expect(offenders).toEqual([]);
  });

  it("the check sees a server import, a page loader's and a type-only one", () => {
    const island = "src/islands/membership/Fabricated.tsx";
    const store = "src/lib/stores/fabricated.ts";
    expect(serverImports(island, 'import { getRuntime } from "../../lib/server/runtime.ts";')).toEqual([
      `${island} imports src/lib/server/runtime.ts`,
    ]);
    expect(
      serverImports(island, 'import type { MembershipFormProps } from "../../lib/pages/membership-form.ts";'),
    ).toEqual([`${island} imports src/lib/pages/membership-form.ts`]);
    expect(serverImports(store, 'const m = await import("../server/db/schema.ts");')).toEqual([
      `${store} imports src/lib/server/db/schema.ts`,
    ]);
    expect(serverImports(island, 'import { failureOf } from "../../lib/api/errors.ts";')).toEqual([]);
  });
});

/** `file imports target` for each import of the cart store's parts (src/lib/stores/cart/). */
function cartStorePartImports(file: string, source: string): string[] {
  return importedPaths(file, source)
    .filter((target) => target.startsWith("src/lib/stores/cart/"))
    .map((target) => `${file} imports ${target}`);
}

describe("islands reach the cart store through its one module", () => {
  it("no island imports src/lib/stores/cart/ (its parts); they import src/lib/stores/cart.ts", () => {
    const offenders = islandModules.flatMap((file) => cartStorePartImports(file, readFileSync(file, "utf8")));
    expect(offenders).toEqual([]);
  });

  it("the check sees an import of a part, and allows the store's module", () => {
    const file = "src/islands/cart/Fabricated.tsx";
    expect(cartStorePartImports(file, 'import { serial } from "../../lib/stores/cart/core.ts";')).toEqual([
      `${file} imports src/lib/stores/cart/core.ts`,
    ]);
    expect(cartStorePartImports(file, 'import { $cart } from "../../lib/stores/cart.ts";')).toEqual([]);
  });
});

describe("island features use each other's public face only", () => {
  it("every listed public module exists", () => {
    const missing = Object.entries(PUBLIC).flatMap(([feature, paths]) =>
      paths.filter((p) => !islandModules.includes(join(ISLANDS, feature, p)) && !p.endsWith(".css")),
    );
    expect(missing).toEqual([]);
  });

  it("no island imports another feature's internals (src/islands/ui is everyone's)", () => {
    const offenders = islandModules.flatMap((file) => crossFeatureImports(file, readFileSync(file, "utf8")));
    expect(offenders).toEqual([]);
  });

  it("the check sees an import of another feature's internal module, and allows the rest", () => {
    const file = "src/islands/checkout/Fabricated.tsx";
    expect(crossFeatureImports(file, 'import { CartTimer } from "../cart/CartTimer.tsx";')).toEqual([
      `${file} imports src/islands/cart/CartTimer.tsx`,
    ]);
    expect(crossFeatureImports(file, 'const m = import("../membership/MembershipForm.tsx");')).toEqual([
      `${file} imports src/islands/membership/MembershipForm.tsx`,
    ]);
    const allowed = [
      'import { CartButton } from "../cart/CartButton.tsx";',
      'import { Dialog } from "../ui/Dialog.tsx";',
      'import { TextField } from "./TextField.tsx";',
      'import type { ReserveIslandProps } from "../reserve/props.ts";',
    ];
    for (const line of allowed) expect(crossFeatureImports(file, line)).toEqual([]);
  });
});
