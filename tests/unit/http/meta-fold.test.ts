/** Meta comes one row per key; the storefront's client folds rows into objects (api/meta.ts). */
import { describe, expect, it } from "vitest";
import { foldMeta, metaRecords } from "../../../src/lib/api/meta.ts";

const row = (resource: string, resource_id: string, metakey: string, value: unknown) => ({
  id: `${resource_id}:${metakey}`,
  resource,
  resource_id,
  metakey,
  value,
});

const rows = [
  row("event_template", "ga", "reserve_flow", "date_first"),
  row("event_template", "ga", "pad_pre_start", 30),
  row("ticket_group", "ga", "admit_names", "optional"),
  row("event_template", "concert", "is_anchor", true),
  row("seller", "hm", "completed_image", "hm/cover.jpg"),
];

describe("foldMeta: 'meta._data[] = {resource, resource_id, metakey, value}' folded into one object", () => {
  it("folds the rows of one resource id, values kept as they came (strings, numbers, booleans)", () => {
    expect(foldMeta(rows, "concert")).toEqual({ is_anchor: true });
    expect(foldMeta(rows, "ga", "event_template")).toEqual({ reserve_flow: "date_first", pad_pre_start: 30 });
  });

  it("without a resource type, every row of that id counts; with one, only that type's", () => {
    expect(foldMeta(rows, "ga")).toEqual({
      reserve_flow: "date_first",
      pad_pre_start: 30,
      admit_names: "optional",
    });
    expect(foldMeta(rows, "ga", "ticket_group")).toEqual({ admit_names: "optional" });
  });

  it("no rows, or none for the id, is an empty object", () => {
    expect(foldMeta(undefined, "ga")).toEqual({});
    expect(foldMeta(rows, "missing")).toEqual({});
  });

  it("a metakey named __proto__ is a plain own key, never the object's prototype", () => {
    const folded = foldMeta([row("event_template", "x", "__proto__", { polluted: true })], "x");
    expect(Object.getPrototypeOf(folded)).toBe(Object.prototype);
    expect(Object.hasOwn(folded, "__proto__")).toBe(true);
    expect((folded as { polluted?: unknown }).polluted).toBeUndefined();
  });
});

describe("metaRecords: one record per resource, the shape the domain readers take", () => {
  it("groups rows by resource and id, link fields next to the keys", () => {
    expect(metaRecords(rows)).toEqual([
      { resource: "event_template", resource_id: "ga", reserve_flow: "date_first", pad_pre_start: 30 },
      { resource: "ticket_group", resource_id: "ga", admit_names: "optional" },
      { resource: "event_template", resource_id: "concert", is_anchor: true },
      { resource: "seller", resource_id: "hm", completed_image: "hm/cover.jpg" },
    ]);
  });

  it("a metakey cannot overwrite the link fields", () => {
    const [record] = metaRecords([
      row("seller", "hm", "resource_id", "other"),
      row("seller", "hm", "resource", "x"),
    ]);
    expect(record).toEqual({ resource: "seller", resource_id: "hm" });
  });
});
