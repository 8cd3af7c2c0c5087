/**
 * The demo catalogue files say what the TypeScript seed builds today: the same events, ticket
 * groups and types, prices in minor units, fees, tiers, codes, message rules, membership roles and
 * seats. (Until the catalogue is applied from the files, this keeps the two in step.)
 */
import { describe, expect, it } from "vitest";
import { checkTenant } from "../../../../src/lib/catalogue/check.ts";
import { loadTenantFiles } from "../../../../src/lib/catalogue/load.ts";
import { toBasisPoints, toMinorUnits } from "../../../../src/lib/catalogue/money.ts";
import type { CatalogueFile } from "../../../../src/lib/catalogue/schema/catalogue-file.ts";
import { harbourMuseum } from "../../../../src/lib/server/db/seed/harbour-museum.ts";
import { DEMO_PROGRAMS } from "../../../../src/lib/server/db/seed/memberships.ts";
import { riversideZoo } from "../../../../src/lib/server/db/seed/riverside-zoo.ts";

const content = `${process.cwd()}/src/content`;
const HIDDEN = {
  public: "public_browsable",
  members: "public_member_only",
  link: "public_link_only",
} as const;
const HANDLER: Record<string, string> = { gift_card: "ledger" };

function catalogue(slug: string): Required<Omit<CatalogueFile, "$schema" | "settings">> {
  const files = loadTenantFiles(content, slug).files.map((f) => f.data ?? {});
  const all = <K extends keyof CatalogueFile>(k: K) => files.flatMap((f) => (f[k] ?? []) as never[]);
  return {
    venues: all("venues"),
    events: all("events"),
    schedules: all("schedules"),
    seat_maps: all("seat_maps"),
    codes: all("codes"),
    gift_cards: all("gift_cards"),
    memberships: all("memberships"),
    message_rules: all("message_rules"),
  };
}

const tenants = [
  { slug: "harbour-museum", seed: harbourMuseum(new Date("2026-11-29T12:00:00Z")), currency: "USD" },
  { slug: "riverside-zoo", seed: riversideZoo(new Date("2026-11-29T12:00:00Z")), currency: "GBP" },
];

describe.each(tenants)("$slug catalogue matches the seed", ({ slug, seed, currency }) => {
  const c = catalogue(slug);
  const minor = (n: number | undefined) => (n === undefined ? undefined : toMinorUnits(n, currency));

  it("passes the check", () => {
    expect(checkTenant(content, slug).problems).toEqual([]);
  });

  it("events", () => {
    expect(
      c.events.map((e) => ({
        id: e.id,
        name: e.name,
        subtitle: e.subtitle ?? null,
        summary: e.summary ?? null,
        description: e.description,
        category: e.category,
        eventType: e.type,
        hiddenType: HIDDEN[e.visibility ?? "public"],
      })),
    ).toEqual(
      seed.events.map((e) => ({
        id: e.id,
        name: e.name,
        subtitle: e.subtitle ?? null,
        summary: e.summary ?? null,
        description: e.description,
        category: e.category,
        eventType: e.eventType,
        hiddenType: e.hiddenType,
      })),
    );
  });

  it("event images and alt texts", () => {
    for (const e of c.events) {
      const meta = seed.metas.find((m) => m.resource === "event_template" && m.resourceId === e.id)?.data;
      expect(meta?.image_profile).toBe(`${slug}/${e.image?.name}.jpg`);
      expect(meta?.image_profile_alt).toBe(e.image?.alt);
      expect(meta?.reserve_flow).toBe(e.reserve_flow);
    }
  });

  it("ticket groups", () => {
    const groups = c.events.flatMap((e) =>
      e.groups.map((g) => ({
        id: g.id,
        eventTemplateId: e.id,
        name: g.name,
        description: g.description ?? null,
        handler: HANDLER[g.kind] ?? g.kind,
        hiddenType: HIDDEN[g.visibility ?? "public"],
        maxTicketsPerOrder: g.max_per_order ?? null,
        durationNew: g.valid_for ?? null,
      })),
    );
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(groups.sort(byId)).toEqual(
      seed.groups
        .map((g) => ({
          id: g.id,
          eventTemplateId: g.eventTemplateId,
          name: g.name,
          description: g.description ?? null,
          handler: g.handler,
          hiddenType: g.hiddenType,
          maxTicketsPerOrder: g.maxTicketsPerOrder ?? null,
          durationNew: g.durationNew ?? null,
        }))
        .sort(byId),
    );
  });

  it("ticket types: prices in minor units, fees, tiers and ranges", () => {
    const types = c.events.flatMap((e) =>
      e.groups.flatMap((g) =>
        g.types.map((t) => ({
          id: t.id,
          ticketGroupId: g.id,
          name: t.name,
          summary: t.summary ?? null,
          currencyAmount: minor(t.price),
          currencyAmountMin: minor(t.min_price) ?? null,
          currencyAmountMax: minor(t.max_price) ?? null,
          feeFixedOutside: minor(t.fee) ?? 0,
          feePercentOutside: t.fee_percent === undefined ? 0 : toBasisPoints(t.fee_percent),
          tierAmounts: t.tiers
            ? Object.fromEntries(Object.entries(t.tiers).map(([k, v]) => [k, minor(v)]))
            : null,
        })),
      ),
    );
    expect(types).toEqual(
      seed.types.map((t) => ({
        id: t.id,
        ticketGroupId: t.ticketGroupId,
        name: t.name,
        summary: t.summary ?? null,
        currencyAmount: t.currencyAmount,
        currencyAmountMin: t.currencyAmountMin ?? null,
        currencyAmountMax: t.currencyAmountMax ?? null,
        feeFixedOutside: t.feeFixedOutside ?? 0,
        feePercentOutside: t.feePercentOutside ?? 0,
        tierAmounts: t.tierAmounts ?? null,
      })),
    );
  });

  it("codes", () => {
    expect(
      c.codes.map((x) => ({
        code: x.code,
        kind: x.kind,
        description: x.description,
        maxUses: x.max_uses ?? -1,
        percent_off: x.percent_off === undefined ? undefined : toBasisPoints(x.percent_off),
        amount_off: minor(x.amount_off),
        ticket_type_ids: x.ticket_types,
        unlocks: x.unlocks_groups,
      })),
    ).toEqual(
      seed.codes.map((x) => {
        const b = x.benefit as Record<string, unknown>;
        return {
          code: x.code,
          kind: x.kind,
          description: x.description,
          maxUses: x.maxUses ?? -1,
          percent_off: b.percent_off,
          amount_off: b.amount_off,
          ticket_type_ids: b.ticket_type_ids,
          unlocks: b.unlocks_ticket_group_ids,
        };
      }),
    );
  });

  it("message rules", () => {
    expect(c.message_rules.map((r) => [r.event, r.show])).toEqual(
      seed.messageRules.map((r) => [r.eventTemplateId, r.actions]),
    );
  });

  it("membership roles", () => {
    expect(
      c.memberships.flatMap((m) =>
        m.levels.flatMap((l) => l.roles.map((r) => [m.group, l.type, r.role, r.named, r.min, r.max])),
      ),
    ).toEqual(
      seed.membershipRules.map((r) => [r.ticketGroupId, r.ticketTypeId, r.partyRole, r.named, r.min, r.max]),
    );
  });

  it("seat maps: every seat at its place, in its group, sold or not", () => {
    const seats = c.seat_maps.flatMap((m) =>
      m.rows.flatMap((row) =>
        Array.from({ length: row.seats }, (_, i) => ({
          id: `${m.seat_id_prefix}${row.name}${String(i + 1).padStart(2, "0")}`,
          name: `${row.name}${i + 1}`,
          x: row.x + i * row.spacing,
          y: row.y,
          radius: row.radius,
          ticketGroupIds: [row.group],
          unavailable: m.unavailable?.includes(`${row.name}${i + 1}`) ?? false,
        })),
      ),
    );
    expect(seats).toEqual(
      seed.seats.map((s) => ({
        id: s.id,
        name: s.name,
        x: s.x,
        y: s.y,
        radius: s.radius,
        ticketGroupIds: s.ticketGroupIds,
        unavailable: s.unavailable,
      })),
    );
    expect(c.seat_maps.map((m) => [m.id, m.event, m.width, m.height, m.elements])).toEqual(
      seed.seatMaps.map((m) => [m.id, m.eventTemplateId, m.width, m.height, m.otherElements]),
    );
  });

  it("ticket group settings: admit names and e-mails, booking code, payment plan", () => {
    for (const e of c.events) {
      for (const g of e.groups) {
        const meta =
          seed.metas.find((m) => m.resource === "ticket_group" && m.resourceId === g.id)?.data ?? {};
        expect([g.id, g.admit_names, g.admit_emails, g.checkout_code_required]).toEqual([
          g.id,
          meta.admit_names,
          meta.admit_emails,
          meta.checkout_code_required,
        ]);
        const program = c.memberships.find((m) => m.group === g.id);
        if (program?.payment_plan) {
          const { deposit_percent, ...rest } = program.payment_plan;
          expect(meta.payment_plan).toEqual({ ...rest, deposit_percent: toBasisPoints(deposit_percent) });
          expect(meta.auto_renew).toBe(program.auto_renew);
          expect(meta.identity_form).toEqual(program.identity_form);
        }
      }
    }
  });

  it("membership benefits", () => {
    const program = DEMO_PROGRAMS.find((p) => p.sellerId === slug);
    expect(
      Object.fromEntries(c.memberships.flatMap((m) => m.levels.map((l) => [l.type, l.benefits]))),
    ).toEqual(program?.benefits);
  });

  it("gift cards", () => {
    expect(
      c.gift_cards.map((g) => [g.number, minor(g.balance), g.active === false ? "inactive" : "active"]),
    ).toEqual(seed.ledgers.map((l) => [l.number, l.balance, l.state ?? "active"]));
  });
});
