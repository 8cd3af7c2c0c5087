/** The waiting list tests' shared pieces: a tenant with the list on, and an offer link's token. */
import { and, eq } from "drizzle-orm";
import * as s from "../../../src/lib/server/db/schema.ts";
import type { Tenant } from "../../../src/lib/tenant/schema.ts";
import type { TestApi } from "../../helpers/api.ts";

export type ListApi = Pick<TestApi, "handle">;

/** The tenant with its waiting list on for `events` (["*"]: all). */
export function withList(tenant: Tenant, events: string[]): Tenant {
  return {
    ...tenant,
    web: { ...tenant.web, waiting_list: { events, offer_hours: 24, same_day_offer_minutes: 120 } },
  };
}

/** The token of an entry's offer link, read from its offer mail (only its hash is stored). */
export async function offerTokenOf(api: ListApi, entryId: string): Promise<string> {
  const mails = await api.handle.db
    .select({ text: s.outbox.text })
    .from(s.outbox)
    .where(and(eq(s.outbox.relatedId, entryId), eq(s.outbox.kind, "waiting_list_offer")));
  const token = mails.at(-1)?.text.match(/waiting-list\/offer\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no offer mail for ${entryId}`);
  return token;
}
