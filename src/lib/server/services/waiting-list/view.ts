/**
 * What an offer link shows: the offer's state, its held cart and until when, the event and the
 * session. Unknown tokens, and tokens of another seller, are not found.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import * as s from "../../db/schema.ts";
import { notFound } from "../../errors/api-error.ts";
import { entryByOfferToken } from "./offers.ts";

export interface OfferView {
  entryId: string;
  state: string;
  cartId: string | null;
  expiresAt: string | null;
  quantity: number;
  eventName: string;
  startDatetime: string;
}

export async function offerView(db: Db, sellerId: string, token: string): Promise<OfferView> {
  const entry = await entryByOfferToken(db, sellerId, token);
  if (!entry) throw notFound("waiting_list_entry", "token");
  const [session] = await db
    .select({ start: s.eventSession.startDatetime, eventName: s.eventTemplate.name })
    .from(s.eventSession)
    .innerJoin(s.eventTemplate, eq(s.eventTemplate.id, s.eventSession.eventTemplateId))
    .where(eq(s.eventSession.id, entry.eventSessionId));
  return {
    entryId: entry.id,
    state: entry.state,
    cartId: entry.state === "offered" ? entry.offerCartId : null,
    expiresAt: entry.offerExpiresAt?.toISOString() ?? null,
    quantity: entry.quantity,
    eventName: session?.eventName ?? "",
    startDatetime: session?.start.toISOString() ?? "",
  };
}
