/**
 * One edit checkout in its own process, for edit-kill.test.ts: opens the database (DATABASE_URL,
 * else PGlite in DATA_DIR), then pays the edit cart CART_ID's difference with the stripe gateway
 * (STRIPE_API_BASE points at the test's stand-in) and prints one JSON line with the answer. The
 * test may kill it with SIGKILL while the checkout's transaction waits for the payment.
 *
 *   CART_ID=... FOYER_NOW=... DATA_DIR=... node --import tsx tests/integration/manage/edit-kill-child.ts
 */
import { manualClock } from "../../../src/lib/server/clock.ts";
import { openDb, targetFromEnv } from "../../../src/lib/server/db/client.ts";
import { createApiApp } from "../../../src/lib/server/http/app.ts";

const handle = await openDb(targetFromEnv());
const app = createApiApp({ db: handle.db, clock: manualClock(new Date(process.env.FOYER_NOW ?? "")) });
process.stdout.write("ready\n");
const res = await app.request(`/api/cart/${process.env.CART_ID}/guest_checkout`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({
    gateway_id: "stripe",
    gateway_data: { payment_method_id: "pm_card_visa" },
    send_email: false,
  }),
});
process.stdout.write(`${JSON.stringify({ status: res.status, body: await res.json() })}\n`);
await handle.close();
process.exit(0);
