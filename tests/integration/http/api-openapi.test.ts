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
