import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { and, asc, eq, gte } from "drizzle-orm";
import * as schema from "/work/main/src/lib/server/db/schema.ts";
import { seedDemo } from "/work/main/src/lib/server/db/seed/index.ts";
import { createApiApp } from "/work/main/src/lib/server/http/app.ts";
import { systemClock } from "/work/main/src/lib/server/clock.ts";

let log: string[] | null = null;
const client = new PGlite();
const db = drizzle(client, { schema, logger: { logQuery: (q) => { if (log) log.push(q.slice(0, 160)); } } });
await migrate(db, { migrationsFolder: "/work/main/drizzle" });
const now = systemClock.now();
await seedDemo(db, { now });
const [session] = await db.select().from(schema.eventSession).where(and(eq(schema.eventSession.eventTemplateId, "hm-general-admission"), gte(schema.eventSession.startDatetime, new Date(now.getTime() + 86_400_000)))).orderBy(asc(schema.eventSession.startDatetime)).limit(1);
const app = createApiApp({ db, clock: systemClock });
const body = JSON.stringify({ add: [{ ticket_type_id: "hm-ga-adult", event_session_id: session!.id }] });
const call = () => app.request("/api/my/cart/modify?_seller=harbour-museum", { method: "POST", headers: { "content-type": "application/json" }, body });
let r = await call(); await r.text();
log = [];
r = await call(); const text = await r.text();
console.log(r.status, log.length, "statements");
for (const q of log) console.log(" ", q);
const N = 200; const t0 = performance.now();
for (let i = 0; i < N; i++) { const x = await call(); await x.text(); }
console.log("serial holds/s", (N / ((performance.now() - t0) / 1000)).toFixed(0));
if (process.env.SHOW) console.log(text);
