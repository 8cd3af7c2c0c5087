/**
 * "Lighthouse performance >= 98 on ... checkout": the checkout island's first module
 * graph is evaluated in one long task before hydration, so what it holds is blocking time on a
 * phone. zod (the browser façade and zod's core, about 12 KB of gzip) is loaded by the islands'
 * API calls when they are made, not by the page's first graph.
 */
import { describe, expect, it } from "vitest";
import { firstModuleGraph } from "../../helpers/module-imports.ts";

const CHECKOUT_ISLAND = "src/islands/checkout/CheckoutIsland.tsx";

describe("the checkout page's first module graph", () => {
  it("holds no zod: the checkout island loads it with its first API call", () => {
    const graph = firstModuleGraph(CHECKOUT_ISLAND);
    expect(graph.size).toBeGreaterThan(30);
    expect([...graph].filter((m) => m === "zod" || m.startsWith("zod/"))).toEqual([]);
  });

  it("the walk sees zod where a module imports it, and not through `import type`", () => {
    expect(firstModuleGraph("src/lib/domain/payment-plan-meta.ts").has("zod")).toBe(true);
    expect(firstModuleGraph("src/lib/domain/payment-plan.ts").has("zod")).toBe(false);
  });
});
