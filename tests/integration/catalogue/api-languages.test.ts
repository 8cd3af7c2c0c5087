/**
 * Catalogue answers in the call's language (DESIGN §13): `_lang` names one of the tenant's
 * languages; the names and texts are that language's, each falling back to the default language's.
 * Without `_lang` (or with a language the tenant does not list) the answer is the default's.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "../../../src/lib/server/db/schema.ts";
import { withTestApi } from "../../helpers/api.ts";
import { send } from "../../helpers/cart.ts";

const api = withTestApi();

type Coll = { _count: number; _data: Record<string, unknown>[] };
const row = (body: Record<string, unknown>, key: string, id: string) =>
  (body[key] as Coll)._data.find((r) => r.id === id) ?? {};
const EMBEDS = "_embed=ticket_group,ticket_type,config";
const HM = `/api/events/available?_seller=harbour-museum&${EMBEDS}`;

describe("catalogue answers in the call's language", () => {
  it("events with _lang=es answer the Spanish names; without it, the English", async () => {
    const es = (await api.get(`${HM}&_lang=es`)).body;
    const event = row(es, "event_template", "hm-general-admission");
    expect(event.name).toBe("Entrada general");
    expect(event.summary).toBe(
      "Tres siglos de barcos, marineros y el mar. Elija una fecha y un horario de entrada.",
    );
    expect(row(es, "ticket_group", "hm-ga-general").name).toBe("Entrada general");
    expect(row(es, "ticket_type", "hm-ga-adult")).toMatchObject({
      name: "Adulto",
      summary: "De 18 a 64 años",
    });

    const en = (await api.get(HM)).body;
    expect(row(en, "event_template", "hm-general-admission").name).toBe("General Admission");
    expect(row(en, "ticket_type", "hm-ga-adult")).toMatchObject({ name: "Adult", summary: "Ages 18-64" });
  });

  it("the category stays the filter value; its label in the language is category_label", async () => {
    const es = (await api.get(`${HM}&_lang=es`)).body;
    expect(row(es, "event_template", "hm-general-admission")).toMatchObject({
      category: "Admission",
      category_label: "Entrada",
    });
    const en = (await api.get(HM)).body;
    expect(row(en, "event_template", "hm-general-admission")).not.toHaveProperty("category_label");
  });

  it("the price display's prefix is the language's, and the translations themselves are never answered", async () => {
    const prefix = (body: Record<string, unknown>) =>
      (body.config as Coll)._data.find(
        (c) => c.key === "web.price_display" && c.resource_id === "hm-general-admission",
      )?.value as Record<string, unknown>;
    expect(prefix((await api.get(`${HM}&_lang=es`)).body)).toEqual({
      primary_ticket_type_id: "hm-ga-adult",
      secondary_ticket_type_id: "hm-ga-child",
      prefix: "Desde",
    });
    expect(prefix((await api.get(HM)).body)).toEqual({
      primary_ticket_type_id: "hm-ga-adult",
      secondary_ticket_type_id: "hm-ga-child",
      prefix: "From",
    });
  });

  it("a field the language does not give falls back to the default language's", async () => {
    const [before] = await api.handle.db
      .select({ translations: s.eventTemplate.translations })
      .from(s.eventTemplate)
      .where(eq(s.eventTemplate.id, "hm-evening-concert"));
    const { summary: _summary, ...rest } = before?.translations?.es ?? {};
    await api.handle.db
      .update(s.eventTemplate)
      .set({ translations: { es: rest } })
      .where(eq(s.eventTemplate.id, "hm-evening-concert"));
    try {
      const event = row((await api.get(`${HM}&_lang=es`)).body, "event_template", "hm-evening-concert");
      expect(event.name).toBe("Canciones marineras a la luz de las velas");
      expect(event.summary).toBe(
        "Songs of the sea performed by the Harbour Chamber Choir. Choose your seats.",
      );
    } finally {
      await api.handle.db
        .update(s.eventTemplate)
        .set({ translations: before?.translations ?? null })
        .where(eq(s.eventTemplate.id, "hm-evening-concert"));
    }
  });

  it("a language the tenant does not list answers the default language's texts", async () => {
    const cy = (await api.get(`${HM}&_lang=cy`)).body;
    expect(row(cy, "event_template", "hm-general-admission").name).toBe("General Admission");
  });

  it("one event, its sessions' embeds and a ticket group answer in the language too", async () => {
    const one = (await api.get(`/api/events/hm-special-exhibition?_seller=harbour-museum&${EMBEDS}&_lang=es`))
      .body;
    expect(row(one, "event_template", "hm-special-exhibition").name).toBe("Exposición especial");
    expect(row(one, "ticket_type", "hm-exhibition-child").name).toBe("Niño");
    const group = (await api.get("/api/ticket_group/hm-concert-stalls?_seller=harbour-museum&_lang=es")).body;
    expect(row(group, "ticket_group", "hm-concert-stalls")).toMatchObject({
      name: "Platea",
      description: "Asientos de platea.",
    });
  });

  it("/cached_api keeps the languages apart: the language is part of the address", async () => {
    const path = "/cached_api/events/available?_seller=harbour-museum";
    const en = await api.get(path);
    const es = await api.get(`${path}&_lang=es`);
    const again = await api.get(path);
    expect(row(en.body, "event_template", "hm-general-admission").name).toBe("General Admission");
    expect(row(es.body, "event_template", "hm-general-admission").name).toBe("Entrada general");
    expect(again.headers.get("x-cache")).toBe("hit");
    expect(row(again.body, "event_template", "hm-general-admission").name).toBe("General Admission");
  });

  it("the cart's lines name their tickets in the call's language", async () => {
    const created = await send(api, "POST", "/api/my/cart/modify?_seller=harbour-museum&_lang=es", {
      add: [{ ticket_type_id: "hm-flex-adult" }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const body = created.body as Record<string, unknown>;
    expect(row(body, "ticket_type", "hm-flex-adult").name).toBe("Adulto");
    expect(row(body, "event_template", "hm-flex-pass").name).toBe("Boleto flexible para cualquier día");
    expect(row(body, "ticket_group", "hm-flex-anyday").name).toBe("Boleto para cualquier día");
  });

  it("Sidra Science Centre speaks Arabic by default and English with _lang=en", async () => {
    const path = "/api/events/available?_seller=sidra-science&_embed=ticket_type";
    const ar = (await api.get(path)).body;
    expect(row(ar, "event_template", "ss-entry").name).toBe("الدخول العام");
    expect(row(ar, "ticket_type", "ss-entry-adult").name).toBe("بالغ");
    const en = (await api.get(`${path}&_lang=en`)).body;
    expect(row(en, "event_template", "ss-entry").name).toBe("General entry");
    expect(row(en, "ticket_type", "ss-entry-adult").name).toBe("Adult");
    // Its categories are Arabic filter values, with their English labels.
    expect(row(ar, "event_template", "ss-entry").category).toBe("الزيارة");
    expect(row(en, "event_template", "ss-entry")).toMatchObject({
      category: "الزيارة",
      category_label: "Visit",
    });
  });

  it("a message rule's words in the call's language, each falling back to the default's", async () => {
    const path = "/api/events/hm-general-admission?_seller=harbour-museum&_embed=message_rule";
    const rules = (body: Record<string, unknown>) =>
      (body.message_rule as Coll)._data.map((r) => r.actions as Record<string, string>);
    const es = rules((await api.get(`${path}&_lang=es`)).body);
    expect(es).toContainEqual({ date_annotation: "Fin de semana" });
    expect(es).toContainEqual({ session_annotation: "Última entrada" });
    const en = rules((await api.get(path)).body);
    expect(en).toContainEqual({ date_annotation: "Weekend" });
    expect(JSON.stringify(en)).not.toContain("translations");
  });
});

describe("a venue's name and address in the call's language", () => {
  it("the zoo's venue in Welsh with _lang=cy; Sidra's in Arabic by default and English with _lang=en", async () => {
    const venue = async (path: string) =>
      ((await api.get(path)).body.venue as Coll)._data[0] as Record<string, unknown>;
    const zoo = "/api/events/rz-day-admission?_seller=riverside-zoo&_embed=venue";
    expect(await venue(`${zoo}&_lang=cy`)).toMatchObject({ name: "Sw Glan yr Afon" });
    expect(await venue(zoo)).toMatchObject({ name: "Riverside Zoo", address: "Riverside Park, Millbrook" });
    const sidra = "/api/events/ss-entry?_seller=sidra-science&_embed=venue";
    expect(await venue(sidra)).toMatchObject({ name: "مركز سدرة للعلوم" });
    expect(await venue(`${sidra}&_lang=en`)).toMatchObject({ name: "Sidra Science Centre" });
  });
});
