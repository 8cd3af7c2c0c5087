/**
 * Cart test helpers: JSON calls with any method and headers (cookies, Origin), a logged-in identity
 * with a session cookie made directly in the database, and small readers of the cart answer.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { expect } from "vitest";
import { type CartEnvelope, cartEnvelope } from "../../src/lib/api/cart/schemas.ts";
import { TICKET_ORDER_EMBEDS, ticketOrderEnvelope } from "../../src/lib/api/checkout/client.ts";
import { checkoutAnswer } from "../../src/lib/api/checkout/schemas.ts";
import { metaRecords } from "../../src/lib/api/meta.ts";
import {
  type CustomFieldKey,
  cartIdentityForm,
  missingRequiredFields,
} from "../../src/lib/domain/identity-custom-fields.ts";
import * as s from "../../src/lib/server/db/schema.ts";
import { hashSessionToken, SESSION_COOKIE } from "../../src/lib/server/services/identity/identity.ts";
import type { TestApi } from "./api.ts";

export interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

type AppLike = Pick<TestApi, "app">;

/** Any method, JSON body, extra headers; the body of a 204 is {}. */
export async function send(
  api: AppLike,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await api.app.request(path, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

/** A user identity of the seller with a live session; `cookie` goes in the Cookie header. */
export async function loginIdentity(
  api: Pick<TestApi, "handle" | "clock">,
  sellerId = "harbour-museum",
): Promise<{ identityId: string; cookie: string; token: string }> {
  const identityId = `user-${randomUUID()}`;
  const token = randomBytes(24).toString("base64url");
  const now = api.clock.now();
  await api.handle.db.insert(s.identity).values({ id: identityId, sellerId, kind: "user", createdAt: now });
  await api.handle.db.insert(s.authSession).values({
    tokenHash: hashSessionToken(token),
    identityId,
    sellerId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 3_600_000),
  });
  return { identityId, token, cookie: `${SESSION_COOKIE}=${token}` };
}

/** The answer as a validated cart envelope (fails the test when it does not match the contract). */
export function asCart(answer: Answer): CartEnvelope {
  expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(200);
  const parsed = cartEnvelope.safeParse(answer.body);
  if (!parsed.success) throw new Error(`cart envelope mismatch: ${parsed.error.message}`);
  return parsed.data;
}

export function cartOf(envelope: CartEnvelope) {
  const cart = envelope.cart._data[0];
  if (!cart) throw new Error("no cart in the answer");
  return cart;
}

/** The error item of an error answer. */
export function errorOf(answer: Answer): {
  _code: string;
  _context: string;
  _description: string;
  _extra: Record<string, unknown>;
} {
  const item = (
    answer.body._data as
      | { _code: string; _context: string; _description: string; _extra: Record<string, unknown> }[]
      | undefined
  )?.[0];
  if (!item) throw new Error(`not an error body: ${JSON.stringify(answer.body)}`);
  return item;
}

/** The first upcoming session of an event (after the test clock), optionally with a given capacity left. */
export async function upcomingSession(
  api: Pick<TestApi, "handle" | "clock">,
  eventTemplateId: string,
  offset = 0,
): Promise<typeof s.eventSession.$inferSelect> {
  const rows = await api.handle.db
    .select()
    .from(s.eventSession)
    .where(
      and(
        eq(s.eventSession.eventTemplateId, eventTemplateId),
        gte(s.eventSession.startDatetime, api.clock.now()),
      ),
    )
    .orderBy(asc(s.eventSession.startDatetime), asc(s.eventSession.id))
    .limit(offset + 1);
  const row = rows[offset];
  if (!row) throw new Error(`no upcoming session of ${eventTemplateId}`);
  return row;
}

/** Sets a session's capacity and used places (tests own the numbers). */
export async function setSessionCapacity(
  api: Pick<TestApi, "handle">,
  sessionId: string,
  capacity: number,
  used = 0,
): Promise<void> {
  await api.handle.db
    .update(s.eventSession)
    .set({ capacity, usedCapacity: used, oversellCapacity: 0, soldOut: false })
    .where(eq(s.eventSession.id, sessionId));
}

export async function sessionRow(api: Pick<TestApi, "handle">, sessionId: string) {
  const [row] = await api.handle.db.select().from(s.eventSession).where(eq(s.eventSession.id, sessionId));
  if (!row) throw new Error(`no session ${sessionId}`);
  return row;
}

/** Held tickets counting against a session. */
export async function heldCount(api: Pick<TestApi, "handle">, sessionId: string): Promise<number> {
  const [row] = await api.handle.db
    .select({ n: sql<number>`count(*)::int` })
    .from(s.ticket)
    .where(
      and(
        eq(s.ticket.eventSessionId, sessionId),
        eq(s.ticket.state, "held"),
        eq(s.ticket.countsAgainstSession, true),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Stripe's succeeding test card, as the test gateway takes it in gateway_data. */
export const TEST_CARD = { card_number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123" };

/** Valid sample values (spec 1 §5 rules) for the custom identity fields a cart may require. */
const SAMPLE_CUSTOM_VALUES: Record<CustomFieldKey, string> = {
  email: "buyer@example.com",
  phone: "555 0100",
  address: "1 Harbour Street",
  city: "Boston",
  region: "MA",
  state: "MA",
  country: "US",
  zip_code: "02110",
  post_code: "SW1A 1AA",
};

/**
 * The required custom identity fields the cart asks for (its groups' and templates' meta
 * identity_form, as the checkout form computes them) that `given` lacks, with sample values:
 * the server refuses a checkout without them (harbour's membership group asks zip_code).
 */
export async function requiredCustomInfo(
  api: AppLike,
  cartId: string,
  given: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<Record<string, string | boolean>> {
  const read = await send(api, "GET", `/api/cart/${cartId}`, undefined, headers);
  if (read.status !== 200) return {};
  const envelope = cartEnvelope.parse(read.body);
  const tickets = envelope.ticket._data;
  const form = cartIdentityForm(
    metaRecords(envelope.meta?._data),
    tickets.map((ticket) => ticket.ticket_group_id),
    tickets.map((ticket) => ticket.event_template_id),
  );
  const info: Record<string, string | boolean> = {};
  for (const field of missingRequiredFields(form.fields, given)) {
    if (field.readOnly) continue;
    info[field.key] = field.type === "boolean" ? true : (field.options[0] ?? SAMPLE_CUSTOM_VALUES[field.key]);
  }
  return info;
}

/**
 * A logged-in buyer's checkout body part: `{ additional_info }` with the required custom fields the
 * cart asks for and their identity has not stored yet, or {} when nothing is missing.
 */
export async function memberCustomInfo(
  api: Pick<TestApi, "app" | "handle">,
  cartId: string,
  identityId: string,
  headers: Record<string, string> = {},
): Promise<{ additional_info?: Record<string, string | boolean> }> {
  const [row] = await api.handle.db
    .select({ additionalInfo: s.identity.additionalInfo })
    .from(s.identity)
    .where(eq(s.identity.id, identityId));
  const asked = await requiredCustomInfo(api, cartId, row?.additionalInfo ?? {}, headers);
  return Object.keys(asked).length ? { additional_info: asked } : {};
}

/** The guest identity with the cart's required custom fields added where it lacks them. */
export async function withRequiredCustomInfo<T extends Record<string, unknown>>(
  api: AppLike,
  cartId: string,
  identity: T,
): Promise<T> {
  const given = (identity.additional_info ?? {}) as Record<string, unknown>;
  const asked = await requiredCustomInfo(api, cartId, given);
  return Object.keys(asked).length ? { ...identity, additional_info: { ...given, ...asked } } : identity;
}

/**
 * Pays a cart as a guest with the succeeding test card, giving the custom identity fields the cart
 * requires (requiredCustomInfo); answers the new order's id.
 */
export async function payAsGuest(api: AppLike, cartId: string, identity: Record<string, unknown>) {
  const paid = await send(api, "POST", `/api/cart/${cartId}/guest_checkout`, {
    gateway_id: "test",
    identity: await withRequiredCustomInfo(api, cartId, identity),
    gateway_data: TEST_CARD,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return checkoutAnswer.parse(paid.body).ticket_order?._data[0]?.id ?? "";
}

/** The order as the completion page reads it (its own embeds), through the storefront's schema. */
export async function readCompletedOrder(api: AppLike, orderId: string) {
  const read = await send(
    api,
    "GET",
    `/api/ticket_order?id._in=${orderId}&_embed=${TICKET_ORDER_EMBEDS.join(",")}`,
  );
  expect(read.status, JSON.stringify(read.body)).toBe(200);
  return ticketOrderEnvelope.parse(read.body);
}
