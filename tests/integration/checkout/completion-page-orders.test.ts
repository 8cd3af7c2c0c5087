/**
 * Regression: another member's order on the completion page (/checkout/complete?orderIds=…) threw
 * on the API's 403, so the page logged an error-level 500 and answered an empty 404. The pages'
 * read (page-data/checkout/entry.ts ticketOrders) now answers null for it, as for an unknown id, and the
 * page shows the ordinary not-found page. The pages' in-process API is this test's API.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkoutAnswer } from "../../../src/lib/api/checkout/schemas.ts";
import { captureLogLines } from "../../../src/lib/server/log/logger.ts";
import { ticketOrders } from "../../../src/lib/server/page-data/checkout/entry.ts";
import { withTestApi } from "../../helpers/api.ts";
import {
  asCart,
  cartOf,
  loginIdentity,
  payAsGuest,
  send,
  setSessionCapacity,
  TEST_CARD,
  upcomingSession,
} from "../../helpers/cart.ts";

const api = withTestApi();

vi.mock("../../../src/lib/server/runtime.ts", () => ({
  getRuntime: async () => ({
    api: { fetch: (request: Request) => api.app.fetch(request) },
    clock: api.clock,
    storedJson: async () => undefined,
  }),
}));

async function heldCart(cookie?: string) {
  const session = await upcomingSession(api, "hm-general-admission", 4);
  await setSessionCapacity(api, session.id, 60, 0);
  const env = asCart(
    await send(
      api,
      "POST",
      "/api/my/cart/modify?_seller=harbour-museum",
      { add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session.id }] },
      cookie ? { cookie } : {},
    ),
  );
  return cartOf(env).id;
}

const page = (cookie?: string) =>
  new Request("http://127.0.0.1:4321/harbour-museum/checkout/complete", {
    headers: cookie ? { cookie } : {},
  });

let lines: Record<string, unknown>[] = [];
let restore: () => void = () => {};
beforeAll(() => {
  restore = captureLogLines((line) => lines.push(JSON.parse(line) as Record<string, unknown>));
});
afterAll(() => restore());

describe("the completion page's orders", () => {
  it("another member's order (read by another member, or by a guest) is not found, with no error logged; the owner and a guest order still read", async () => {
    const owner = await loginIdentity(api);
    const other = await loginIdentity(api);
    const cartId = await heldCart(owner.cookie);
    const paid = await send(
      api,
      "POST",
      `/api/my/cart/${cartId}/checkout`,
      { gateway_id: "test", gateway_data: TEST_CARD },
      { cookie: owner.cookie },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const orderId = checkoutAnswer.parse(paid.body).ticket_order?._data[0]?.id ?? "";
    lines = [];
    await expect(ticketOrders(page(other.cookie), "harbour-museum", [orderId])).resolves.toBeNull();
    await expect(ticketOrders(page(), "harbour-museum", [orderId])).resolves.toBeNull();
    expect(lines.filter((l) => l.level === "error" || l.level === "fatal")).toEqual([]);

    const own = await ticketOrders(page(owner.cookie), "harbour-museum", [orderId]);
    expect(own?.ticket_order._data.map((o) => o.id)).toEqual([orderId]);
    const guestOrder = await payAsGuest(api, await heldCart(), {
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.com",
    });
    const guest = await ticketOrders(page(), "harbour-museum", [guestOrder]);
    expect(guest?.ticket_order._data.map((o) => o.id)).toEqual([guestOrder]);
    await expect(ticketOrders(page(), "harbour-museum", ["no-such-order"])).resolves.toBeNull();
  });
});
