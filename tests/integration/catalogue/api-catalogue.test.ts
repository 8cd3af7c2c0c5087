import { describe, expect, it } from "vitest";
import {
  apiErrorBody,
  codeResource,
  collection,
  configResource,
  membershipRuleResource,
  ticketGroupResource,
  ticketTypeResource,
} from "../../../src/lib/api/schemas.ts";
import { withTestApi } from "../../helpers/api.ts";

const api = withTestApi();

describe("GET ticket_group/{id}", () => {
  it("answers the group and embeds ticket_type and meta", async () => {
    const r = await api.get("/api/ticket_group/hm-ga-general?_embed=ticket_type,meta");
    expect(r.status).toBe(200);
    expect(collection(ticketGroupResource).parse(r.body.ticket_group)._data[0]?.id).toBe("hm-ga-general");
    const types = collection(ticketTypeResource).parse(r.body.ticket_type)._data;
    expect(types.every((t) => t.ticket_group_id === "hm-ga-general")).toBe(true);
  });
  it("unknown group is 404, unknown embed 400", async () => {
    expect((await api.get("/api/ticket_group/nope")).status).toBe(404);
    expect((await api.get("/api/ticket_group/hm-ga-general?_embed=nope")).status).toBe(400);
  });
});

describe("GET membership_rules", () => {
  it("'embed ticket_type, limit 1000'", async () => {
    const r = await api.get("/api/membership_rules?_seller=harbour-museum&_embed=ticket_type&_limit=1000");
    expect(r.status).toBe(200);
    const rules = collection(membershipRuleResource).parse(r.body.membership_rule)._data;
    expect(rules.length).toBeGreaterThan(0);
    const types = new Set(
      collection(ticketTypeResource)
        .parse(r.body.ticket_type)
        ._data.map((t) => t.id),
    );
    expect(rules.every((x) => types.has(x.ticket_type_id))).toBe(true);
  });
  it("filters by party_role; _limit 1001 is 400; unknown seller 404", async () => {
    const r = await api.get("/api/membership_rules?_seller=harbour-museum&party_role=member");
    expect(
      collection(membershipRuleResource)
        .parse(r.body.membership_rule)
        ._data.every((x) => x.party_role === "member"),
    ).toBe(true);
    expect((await api.get("/api/membership_rules?_seller=harbour-museum&_limit=1001")).status).toBe(400);
    expect((await api.get("/api/membership_rules?_seller=nobody")).status).toBe(404);
  });
});

describe("GET config", () => {
  it("'resource_id._in of group and template ids'; seller-level entries are always included", async () => {
    const r = await api.get("/api/config?_seller=harbour-museum&resource_id._in=hm-general-admission");
    expect(r.status).toBe(200);
    const entries = collection(configResource).parse(r.body.config)._data;
    expect(entries.some((e) => e.resource === "seller")).toBe(true);
    expect(entries.every((e) => e.resource === "seller" || e.resource_id === "hm-general-admission")).toBe(
      true,
    );
  });
  it("unknown filter field is 400", async () => {
    expect((await api.get("/api/config?_seller=harbour-museum&value=1")).status).toBe(400);
  });
});

describe("GET code/{code}", () => {
  it("finds codes case-insensitively and reports exhausted and validity", async () => {
    const r = await api.get("/api/code/welcome10?_seller=harbour-museum");
    expect(r.status).toBe(200);
    const code = collection(codeResource).parse(r.body.code)._data[0];
    expect(code?.code).toBe("WELCOME10");
    expect(code?.exhausted).toBe(false);
    const sold = collection(codeResource).parse(
      (await api.get("/api/code/SOLDOUT?_seller=harbour-museum")).body.code,
    );
    expect(sold._data[0]?.exhausted).toBe(true);
  });
  it("unknown code is 404 code_not_found; _seller is required; bad mode 400", async () => {
    const r = await api.get("/api/code/NOPE?_seller=harbour-museum");
    expect(r.status).toBe(404);
    expect(apiErrorBody.parse(r.body)._data[0]?._code).toBe("code_not_found");
    expect((await api.get("/api/code/WELCOME10")).status).toBe(400);
    expect((await api.get("/api/code/WELCOME10?_seller=harbour-museum&mode=weird")).status).toBe(400);
  });
});
