/** GET ticket_group/{id}, GET membership_rules, GET config, GET code/{code}. */
import { createRoute, z } from "@hono/zod-openapi";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import * as s from "../../db/schema.ts";
import { fail, notFound, validationFailed } from "../../errors/api-error.ts";
import { lookupWithCodeBrake } from "../../security/code-brake.ts";
import { requireSeller } from "../../services/catalogue/reads.ts";
import { configDef, membershipRuleDef, ticketGroupDef } from "../../services/catalogue/resources.ts";
import {
  serializeCode,
  serializeConfig,
  serializeGroup,
  serializeMembershipRule,
} from "../../services/catalogue/serialize.ts";
import { contentLanguage } from "../content-language.ts";
import { execute, parseQuery, type Row, rejectUnknownKeys, single } from "../query/index.ts";
import type { ApiRouter } from "../router.ts";
import { envelope, json, listQuery, rawQuery } from "./_shared.ts";

const asRows = <T>(rows: T[]) => rows as unknown as Row[];

const ticketGroup = createRoute({
  method: "get",
  path: "/ticket_group/{id}",
  request: { params: z.object({ id: z.string().min(1).max(200) }), query: listQuery() },
  responses: json(envelope, "One ticket_group (embeds ticket_type, meta, config)."),
});
const membershipRules = createRoute({
  method: "get",
  path: "/membership_rules",
  request: { query: listQuery() },
  responses: json(envelope, "membership_rule collection (embed ticket_type, ticket_group)."),
});
const configRoute = createRoute({
  method: "get",
  path: "/config",
  request: { query: listQuery() },
  responses: json(envelope, "config collection; seller-level entries are always included."),
});
const codeRoute = createRoute({
  method: "get",
  path: "/code/{code}",
  request: {
    params: z.object({ code: z.string().min(1).max(100) }),
    query: z.object({
      _seller: z.string().max(200),
      mode: z.string().max(50).optional().openapi({ description: "Comma list of advertise, code." }),
    }),
  },
  responses: json(envelope, "code collection with one code."),
});

export function registerCatalogue(router: ApiRouter): void {
  router.openapi(ticketGroup, async (c) => {
    const { db, clock } = c.get("deps");
    const query = parseQuery(rawQuery(c), ticketGroupDef, { filters: false });
    const rows = await db
      .select()
      .from(s.ticketGroup)
      .where(and(eq(s.ticketGroup.id, c.req.valid("param").id), isNull(s.ticketGroup.retiredAt)));
    const group = rows[0];
    if (!group) throw notFound("ticket_group", c.req.valid("param").id);
    let slug = group.sellerId;
    if (query.seller) {
      const seller = await requireSeller(db, query.seller);
      if (seller.id !== group.sellerId) throw notFound("ticket_group", group.id);
      slug = seller.slug;
    }
    const language = contentLanguage(c, slug);
    const body = await execute(ticketGroupDef, asRows([serializeGroup(group, { language })]), query, {
      db,
      now: clock.now(),
      sellerId: group.sellerId,
      language,
    });
    return c.json(body, 200);
  });

  router.openapi(membershipRules, async (c) => {
    const { db, clock } = c.get("deps");
    const query = parseQuery(rawQuery(c), membershipRuleDef);
    const seller = await requireSeller(db, query.seller);
    const rows = await db
      .select()
      .from(s.membershipRule)
      .where(eq(s.membershipRule.sellerId, seller.id))
      .orderBy(asc(s.membershipRule.id));
    const body = await execute(membershipRuleDef, asRows(rows.map(serializeMembershipRule)), query, {
      db,
      now: clock.now(),
      sellerId: seller.id,
      language: contentLanguage(c, seller.slug),
    });
    return c.json(body, 200);
  });

  router.openapi(configRoute, async (c) => {
    const { db, clock } = c.get("deps");
    const query = parseQuery(rawQuery(c), configDef);
    const seller = await requireSeller(db, query.seller);
    const rows = await db
      .select()
      .from(s.config)
      .where(eq(s.config.sellerId, seller.id))
      .orderBy(asc(s.config.resource), asc(s.config.resourceId), asc(s.config.key));
    const language = contentLanguage(c, seller.slug);
    const all = asRows(rows.map((r) => serializeConfig(r, { language })));
    const ctx = { db, now: clock.now(), sellerId: seller.id, language };
    // Seller-level entries are always included, whatever the filters ask.
    const matched = await execute(
      configDef,
      all.filter((r) => r.resource !== "seller"),
      { ...query, limit: 1000, offset: 0 },
      ctx,
    );
    const merged = [...all.filter((r) => r.resource === "seller"), ...(matched.config?._data ?? [])];
    const page = merged.slice(query.offset, query.offset + query.limit);
    return c.json({ config: { _count: merged.length, _data: page } }, 200);
  });

  router.openapi(codeRoute, async (c) => {
    const { db } = c.get("deps");
    const raw = rawQuery(c);
    rejectUnknownKeys(raw, ["_seller", "mode"]);
    const seller = await requireSeller(db, single(raw, "_seller"));
    const modes = (single(raw, "mode") ?? "advertise,code").split(",").map((m) => m.trim());
    if (modes.some((m) => m !== "advertise" && m !== "code")) {
      throw validationFailed("mode must be a comma list of advertise and code.", { field: "mode" });
    }
    const value = c.req.valid("param").code.trim().toUpperCase();
    // A code is a secret a guesser may enumerate: the guessing brake (security/lookup-limits.ts).
    const found = await lookupWithCodeBrake(c, seller.id, async () => {
      const rows = await db
        .select()
        .from(s.code)
        .where(and(eq(s.code.sellerId, seller.id), eq(sql`upper(${s.code.code})`, value)))
        .limit(1);
      const row = rows[0];
      // mode=advertise alone only finds advertised codes; "code" finds any code by its value.
      if (!row || (!modes.includes("code") && !row.advertise)) {
        throw fail("code_lookup_not_found", {
          description: `"${c.req.valid("param").code}" is not a valid promo code.`,
          extra: { code: c.req.valid("param").code },
        });
      }
      return row;
    });
    return c.json({ code: { _count: 1, _data: [serializeCode(found)] } }, 200);
  });
}
