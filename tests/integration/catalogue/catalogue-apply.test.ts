/**
 * `catalogue apply` never loses a sale. The demo's Harbour Museum is seeded from its files; a test
 * sells and holds tickets through the API, then changes a copy of the files and applies them.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { cartEnvelope } from "../../../src/lib/api/cart/schemas.ts";
import * as s from "../../../src/lib/server/db/schema.ts";
import {
  type ApplyReport,
  applyCatalogue,
  describeReport,
} from "../../../src/lib/server/services/catalogue/apply/index.ts";
import { createTestApi, TEST_NOW, withTestApi } from "../../helpers/api.ts";
import { payAsGuest, send } from "../../helpers/cart.ts";
import { withFreshPostgres } from "../../helpers/postgres.ts";

const api = withTestApi();
const SLUG = "harbour-museum";
const original = join(process.cwd(), "src", "content");
const content = mkdtempSync(join(tmpdir(), "foyer-apply-"));
const catalogueFile = (name: string) => join(content, "catalogue", SLUG, name);

/** Three weeks after the test clock (Sunday 2026-11-22), past the demo's invented sales. */
const SOLD_DAY = "2026-12-13";
const HELD_DAY = "2026-12-15";
const EMPTY_DAY = "2026-12-16";
const SOLD = "hm-general-admission-20261213-1000";
const HELD = "hm-general-admission-20261215-1000";

type Yaml = Record<string, unknown[]>;
type Row = Record<string, unknown>;

function edit(file: string, change: (data: Yaml) => void): void {
  const data = parse(readFileSync(catalogueFile(file), "utf8")) as Yaml;
  change(data);
  writeFileSync(catalogueFile(file), stringify(data));
}

function generalAdmissionSchedule(data: Yaml): Row {
  const schedule = (data.schedules as Row[]).find((x) => x.event === "hm-general-admission");
  if (!schedule) throw new Error("no schedule");
  return schedule;
}

function apply(dryRun = false): Promise<ApplyReport> {
  return applyCatalogue(api.handle.db, { contentDir: content, slug: SLUG, now: api.clock.now(), dryRun });
}

async function cartWith(ticketTypeId: string, sessionId: string | null, quantity = 1): Promise<string> {
  const line = sessionId
    ? { ticket_type_id: ticketTypeId, event_session_id: sessionId }
    : { ticket_type_id: ticketTypeId };
  const created = await send(api, "POST", `/api/my/cart/modify?_seller=${SLUG}`, {
    add: Array.from({ length: quantity }, () => line),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return cartEnvelope.parse(created.body).cart._data[0]?.id ?? "";
}

async function orderNumber(orderId: string): Promise<string> {
  const [order] = await api.handle.db.select().from(s.ticketOrder).where(eq(s.ticketOrder.id, orderId));
  return order?.orderNumber ?? "";
}

let soldOrder = "";

beforeEach(() => {
  rmSync(content, { recursive: true, force: true });
  cpSync(original, content, { recursive: true });
});
afterAll(() => rmSync(content, { recursive: true, force: true }));

describe("catalogue apply never loses a sale", () => {
  it("applying the same files twice changes nothing", async () => {
    const first = await apply();
    expect(first.refusals).toEqual([]);
    expect(first.changes).toEqual([]);
    expect(describeReport(first, false)).toEqual([`${SLUG}: up to date, nothing to change.`]);
  });

  it("a new price applies to new sales only: sold tickets keep theirs", async () => {
    soldOrder = await payAsGuest(api, await cartWith("hm-ga-adult", SOLD, 2), {
      first_name: "Ada",
      last_name: "Lovelace",
      email: "apply-price@example.com",
    });
    edit("events.yaml", (data) => {
      const event = (data.events as Row[]).find((e) => e.id === "hm-general-admission") as Row;
      const group = (event.groups as Row[])[0] as Row;
      const adult = (group.types as Row[]).find((t) => t.id === "hm-ga-adult") as Row;
      adult.price = 27;
    });
    // The tests above left the sessions as staff changed them: only the catalogue's rows are compared.
    const catalogueChanges = (r: ApplyReport) => r.changes.filter((c) => c.what !== "session");
    const report = await apply();
    expect(report.refusals).toEqual([]);
    expect(catalogueChanges(report)).toEqual([
      expect.objectContaining({ kind: "changed", what: "ticket type", id: "hm-ga-adult" }),
    ]);
    expect(report.changes[0]?.detail).toBe("Adult: price $25.00 → $27.00 for new sales");
    const sold = await api.handle.db.select().from(s.ticket).where(eq(s.ticket.ticketOrderId, soldOrder));
    expect(sold.map((t) => t.faceValue)).toEqual([2500, 2500]);
    const cart = await cartWith("hm-ga-adult", SOLD);
    const fresh = await api.handle.db.select().from(s.ticket).where(eq(s.ticket.cartId, cart));
    expect(fresh.map((t) => t.faceValue)).toEqual([2700]);
    // And applying the same files again changes nothing.
    edit("events.yaml", (data) => {
      const event = (data.events as Row[]).find((e) => e.id === "hm-general-admission") as Row;
      (((event.groups as Row[])[0] as Row).types as Row[]).forEach((t) => {
        if (t.id === "hm-ga-adult") t.price = 27;
      });
    });
    expect((await apply()).changes).toEqual([]);
  });

  it("an event or ticket type that has tickets is retired, never deleted, and no longer sold", async () => {
    const held = await cartWith("hm-flex-adult", null);
    edit("events.yaml", (data) => {
      data.events = (data.events as Row[]).filter((e) => e.id !== "hm-flex-pass");
      const event = (data.events as Row[]).find((e) => e.id === "hm-general-admission") as Row;
      const group = (event.groups as Row[])[0] as Row;
      group.types = (group.types as Row[]).filter((t) => t.id !== "hm-ga-student");
      for (const t of group.types as Row[]) if (t.id === "hm-ga-adult") t.price = 27;
    });
    const report = await apply();
    expect(report.refusals).toEqual([]);
    expect(report.changes.map((c) => [c.kind, c.what, c.id])).toEqual(
      expect.arrayContaining([
        ["retired", "event", "hm-flex-pass"],
        ["retired", "ticket group", "hm-flex-anyday"],
        ["retired", "ticket type", "hm-flex-adult"],
        ["retired", "ticket type", "hm-ga-student"],
      ]),
    );
    const [event] = await api.handle.db
      .select()
      .from(s.eventTemplate)
      .where(eq(s.eventTemplate.id, "hm-flex-pass"));
    expect(event?.retiredAt).toBeInstanceOf(Date);
    const tickets = await api.handle.db.select().from(s.ticket).where(eq(s.ticket.cartId, held));
    expect(tickets.map((t) => [t.ticketTypeId, t.state])).toEqual([["hm-flex-adult", "held"]]);

    const listing = await api.get(`/api/events/available?_seller=${SLUG}`);
    const ids = (listing.body.event_template as { _data: { id: string }[] })._data.map((e) => e.id);
    expect(ids).not.toContain("hm-flex-pass");
    expect((await api.get(`/api/events/hm-flex-pass?_seller=${SLUG}`)).status).toBe(404);
    const again = await send(api, "POST", `/api/my/cart/modify?_seller=${SLUG}`, {
      add: [{ ticket_type_id: "hm-ga-student", event_session_id: SOLD }],
    });
    expect(again.status).not.toBe(200);

    // Written back, they are on sale again.
    cpSync(original, content, { recursive: true });
    edit("events.yaml", (data) => {
      const event = (data.events as Row[]).find((e) => e.id === "hm-general-admission") as Row;
      for (const t of ((event.groups as Row[])[0] as Row).types as Row[])
        if (t.id === "hm-ga-adult") t.price = 27;
    });
    const back = await apply();
    expect(back.changes.filter((c) => c.kind === "changed").map((c) => c.id)).toEqual(
      expect.arrayContaining(["hm-flex-pass", "hm-flex-anyday", "hm-flex-adult", "hm-ga-student"]),
    );
    expect((await api.get(`/api/events/hm-flex-pass?_seller=${SLUG}`)).status).toBe(200);
  });

  it("capacity never goes below what is sold and held: the refusal names the session, and nothing is written", async () => {
    edit("schedules.yaml", (data) => {
      generalAdmissionSchedule(data).exceptions = [{ date: SOLD_DAY, capacity: 1 }];
    });
    edit("support.yaml", (data) => {
      for (const e of data.events as Row[]) if (e.id === "hm-donation") e.name = "Give";
    });
    const report = await apply();
    expect(report.changes).toEqual([]);
    expect(report.refusals).toHaveLength(1);
    expect(report.refusals[0]).toBe(
      `Session ${SOLD} (General Admission, 2026-12-13 10:00): the schedule gives 1 places, but 3 are already sold or held. Give it at least 3.`,
    );
    expect(describeReport(report, false)[0]).toBe(`${SLUG}: not applied, nothing was changed:`);
    const [donation] = await api.handle.db
      .select()
      .from(s.eventTemplate)
      .where(eq(s.eventTemplate.id, "hm-donation"));
    expect(donation?.name).toBe("Donation");
  });

  it("removing a day with sold tickets is refused, listing the orders; a day with held tickets is retired, an empty day removed", async () => {
    const held = await cartWith("hm-ga-child", HELD);
    edit("schedules.yaml", (data) => {
      generalAdmissionSchedule(data).closed = [SOLD_DAY, HELD_DAY, EMPTY_DAY];
    });
    const refused = await apply();
    expect(refused.refusals).toEqual([
      `Session ${SOLD} (General Admission, 2026-12-13 10:00) is no longer in the schedule, but it has sold tickets: order ${await orderNumber(soldOrder)}. Keep it in the schedule, or move or refund those orders first.`,
    ]);
    expect(refused.changes).toEqual([]);

    edit("schedules.yaml", (data) => {
      generalAdmissionSchedule(data).closed = [HELD_DAY, EMPTY_DAY];
    });
    const dry = await apply(true);
    expect(dry.applied).toBe(false);
    expect(dry.changes.filter((c) => c.kind === "retired").map((c) => c.id)).toEqual([HELD]);
    expect(dry.changes.filter((c) => c.kind === "removed")).toHaveLength(27);
    expect(describeReport(dry, true).at(-1)).toBe("  (dry run: nothing was written)");
    const [stillThere] = await api.handle.db
      .select()
      .from(s.eventSession)
      .where(eq(s.eventSession.id, "hm-general-admission-20261216-1000"));
    expect(stillThere).toBeDefined();

    const report = await apply();
    expect(report.applied).toBe(true);
    const sessions = await api.handle.db
      .select()
      .from(s.eventSession)
      .where(eq(s.eventSession.eventTemplateId, "hm-general-admission"));
    const byId = new Map(sessions.map((x) => [x.id, x]));
    expect(byId.get(HELD)?.retiredAt).toBeInstanceOf(Date);
    expect(byId.has("hm-general-admission-20261216-1000")).toBe(false);
    expect(byId.get(SOLD)?.retiredAt).toBeNull();
    const tickets = await api.handle.db.select().from(s.ticket).where(eq(s.ticket.cartId, held));
    expect(tickets.map((t) => [t.eventSessionId, t.state])).toEqual([[HELD, "held"]]);
    // A retired session is not offered.
    const day = await api.get(
      `/api/events/hm-general-admission/sessions?_seller=${SLUG}&_ondate=${HELD_DAY}`,
    );
    expect(JSON.stringify(day.body)).not.toContain(HELD);
  });

  it("a capacity staff set for one session is an operation the apply never undoes", async () => {
    const staffSet = "hm-general-admission-20261213-1100";
    await api.handle.db.update(s.eventSession).set({ capacity: 80 }).where(eq(s.eventSession.id, staffSet));
    edit("schedules.yaml", (data) => {
      generalAdmissionSchedule(data).exceptions = [{ date: SOLD_DAY, capacity: 70 }];
    });
    const report = await apply();
    expect(report.refusals).toEqual([]);
    expect(report.changes.find((c) => c.id === staffSet)?.detail).toBe(
      "General Admission, 2026-12-13 11:00: capacity kept at 80 (set by staff; the schedule now says 70)",
    );
    expect(report.changes.find((c) => c.id === SOLD)?.detail).toBe(
      "General Admission, 2026-12-13 10:00: capacity 60 → 70",
    );
    const capacity = async (id: string) =>
      (await api.handle.db.select().from(s.eventSession).where(eq(s.eventSession.id, id)))[0]?.capacity;
    expect(await capacity(staffSet)).toBe(80);
    expect(await capacity(SOLD)).toBe(70);
    // The same files again change nothing.
    expect((await apply()).changes.filter((c) => c.what === "session")).toEqual([]);
  });

  it("the currency cannot change once something is sold", async () => {
    const file = join(content, "tenants", `${SLUG}.json`);
    const tenant = JSON.parse(readFileSync(file, "utf8")) as { portal: Record<string, unknown> };
    tenant.portal.default_currency_code = "EUR";
    writeFileSync(file, JSON.stringify(tenant));
    const report = await apply();
    expect(report.refusals).toEqual([
      "The currency cannot change from USD to EUR: tickets have been sold in USD.",
    ]);
  });

  it("a file with a problem applies nothing and says where the problem is", async () => {
    edit("support.yaml", (data) => {
      for (const e of data.events as Row[]) if (e.id === "hm-donation") e.category = "";
    });
    const report = await apply();
    expect(report.applied).toBe(false);
    expect(report.refusals).toEqual([
      expect.stringMatching(
        /^harbour-museum\/support\.yaml line \d+, events\[\d+\]\.category: A category must not be empty\.$/,
      ),
    ]);
  });
});

describe("catalogue apply writes the texts per language", () => {
  const translationsOf = async (id: string) =>
    (
      await api.handle.db
        .select({ translations: s.eventTemplate.translations })
        .from(s.eventTemplate)
        .where(eq(s.eventTemplate.id, id))
    )[0]?.translations;

  // "applying the same files twice changes nothing" (above) holds with the demo's translations.
  it("the files' translations are in the rows", async () => {
    expect((await translationsOf("hm-general-admission"))?.es?.name).toBe("Entrada general");
    const [type] = await api.handle.db
      .select({ translations: s.ticketType.translations })
      .from(s.ticketType)
      .where(eq(s.ticketType.id, "hm-ga-adult"));
    expect(type?.translations).toEqual({ es: { name: "Adulto", summary: "De 18 a 64 años" } });
  });

  it("a changed translation is an update of that row alone, and applying it again changes nothing", async () => {
    edit("events.yaml", (data) => {
      const event = (data.events as Row[]).find((e) => e.id === "hm-general-admission") as Row;
      (event.translations as Record<string, Row>).es = {
        ...(event.translations as Record<string, Row>).es,
        name: "Admisión general",
      };
    });
    // The tests above left the sessions as staff changed them: only the catalogue's rows are compared.
    const catalogueChanges = (r: ApplyReport) => r.changes.filter((c) => c.what !== "session");
    const report = await apply();
    expect(report.refusals).toEqual([]);
    expect(catalogueChanges(report)).toEqual([
      {
        kind: "changed",
        what: "event",
        id: "hm-general-admission",
        detail: "General Admission: translations",
      },
    ]);
    expect((await translationsOf("hm-general-admission"))?.es?.name).toBe("Admisión general");
    expect(catalogueChanges(await apply())).toEqual([]);
    // The demo's own files again, for the tests after this one.
    cpSync(original, content, { recursive: true });
    expect(catalogueChanges(await apply())).toHaveLength(1);
  });
});

/** Two servers starting together (.ci/run sets TEST_DATABASE_URL): the catalogue is applied once. */
const postgresUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!postgresUrl)("catalogue apply on PostgreSQL", () => {
  it("two applies at once: one writes the new days, the other waits and finds nothing to change", async () => {
    await withFreshPostgres(postgresUrl ?? "", async (url) => {
      const a = await createTestApi({ target: { kind: "postgres", url } });
      const b = await createTestApi({ target: { kind: "postgres", url } });
      try {
        const later = new Date(TEST_NOW.getTime() + 10 * 86_400_000);
        const run = (db: typeof a.handle.db) =>
          applyCatalogue(db, { contentDir: original, slug: SLUG, now: later });
        const reports = await Promise.all([run(a.handle.db), run(b.handle.db)]);
        const changed = reports.map((r) => r.changes.length);
        expect(changed.filter((n) => n > 0)).toHaveLength(1);
        expect(changed.filter((n) => n === 0)).toHaveLength(1);
        expect(reports.every((r) => r.refusals.length === 0)).toBe(true);
      } finally {
        await a.close();
        await b.close();
      }
    });
  });
});
