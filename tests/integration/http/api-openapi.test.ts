import { describe, expect, it } from "vitest";
import { withTestApi } from "../../helpers/api.ts";

const api = withTestApi();

describe("GET /api/openapi.json", () => {
  it("documents every catalogue route", async () => {
    const r = await api.get("/api/openapi.json");
    expect(r.status).toBe(200);
    const paths = Object.keys(r.body.paths as Record<string, unknown>);
    for (const p of [
      "/events/available",
      "/events/{id}",
      "/events/{id}/sessions",
      "/events/{id}/sessions/{sessionId}",
      "/events/{id}/calendar",
      "/events/{id}/pricecheck",
      "/events/{event_template_id}/sessions/{session_id}/seat_map",
      "/ticket_group/{id}",
      "/membership_rules",
      "/config",
      "/code/{code}",
      "/image/{path}",
    ]) {
      expect(paths).toContain(`/api${p}`);
    }
  });
});

describe("the admin API in the OpenAPI document", () => {
  it("documents each answer's exact shape, not only the envelope: the gate's verdict, an order, the figures", async () => {
    const r = await api.get("/api/openapi.json");
    const paths = r.body.paths as Record<
      string,
      Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
    >;
    const answerOf = (path: string, method: string) =>
      JSON.stringify(paths[`/api${path}`]?.[method]?.responses["200"]?.content?.["application/json"]?.schema);
    expect(answerOf("/admin/gate/scans", "post")).toContain('"light"');
    expect(answerOf("/admin/gate/scans", "post")).toContain('"can_override"');
    expect(answerOf("/admin/orders/{id}", "get")).toContain('"admission"');
    expect(answerOf("/admin/figures/sales", "get")).toContain('"by_ticket_type"');
    expect(answerOf("/admin/desk/sales", "post")).toContain('"change"');
  });
});
