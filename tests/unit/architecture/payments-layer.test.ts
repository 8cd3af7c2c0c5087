/**
 * payments/ holds only gateway adapters (the test gateway, the Stripe client, webhook signatures,
 * event parsing): what the shop does with a payment lives in the services that call them
 * (services/checkout). Every module under src/lib/server/payments is read as text and none may
 * import from src/lib/server/services.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf } from "../../helpers/module-imports.ts";

const PAYMENTS = "src/lib/server/payments";
const SERVICES = resolve("src/lib/server/services");
const modules = readdirSync(PAYMENTS, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));

/** The imports of a payments module (given as its path and text) that reach into services/. */
function servicesImports(file: string, source: string): string[] {
  return importsOf(source)
    .filter((spec) => spec.startsWith("."))
    .filter((spec) => {
      const target = resolve(dirname(join(PAYMENTS, file)), spec);
      return target === SERVICES || target.startsWith(SERVICES + sep);
    })
    .map((spec) => `${file} imports ${spec}`);
}

describe("payments/ imports nothing from services/", () => {
  it("reads every payments module", () => {
    expect(modules).toContain("stripe-webhook.ts");
    expect(modules.length).toBeGreaterThan(8);
  });

  it("no module under src/lib/server/payments imports src/lib/server/services", () => {
    const offenders = modules.flatMap((file) =>
      servicesImports(file, readFileSync(join(PAYMENTS, file), "utf8")),
    );
    expect(offenders).toEqual([]);
  });

  it("the check reports a payments module that does import a service", () => {
    const fabricated = [
      'import { completeOrder } from "../services/checkout/complete-order.ts";',
      'import type { Tx } from "../services/cart/types.ts";',
      'import { stripeWebhooks } from "./stripe-config.ts";',
      'import * as s from "../db/schema.ts";',
    ].join("\n");
    expect(servicesImports("stripe-webhook.ts", fabricated)).toEqual([
      "stripe-webhook.ts imports ../services/checkout/complete-order.ts",
      "stripe-webhook.ts imports ../services/cart/types.ts",
    ]);
  });
});
