/**
 * Server-side glue of the orders and upcoming-tickets pages: the my-account reads and the
 * order e-mail made in process as the visitor (their cookie), and the shared guard of the pages
 * (tenant, page flag, login, private caching). Server only.
 */
import type { AstroGlobal } from "astro";
import { z } from "zod";
import {
  type MyOrderEnvelope,
  myOrderEnvelope,
  type OrderSession,
  orderSessionAnswer,
} from "../../../api/account/schemas.ts";
import type { IdentityResource } from "../../../api/auth/schemas.ts";
import type { ApiClient } from "../../../api/client.ts";
import { ApiClientError } from "../../../api/errors.ts";
import { loginPageHref } from "../../../domain/login-steps.ts";
import { PRIVATE_PAGE_CACHE_CONTROL } from "../../../pages/page-context.ts";
import { pageBase } from "../../../pages/router-base.ts";
import { getTenant } from "../../../tenant/load.ts";
import type { Tenant } from "../../../tenant/schema.ts";
import { visitorClient } from "../client.ts";
import { pageLanguage } from "../page-language.ts";
import { currentIdentity, privateRedirect } from "./account.ts";

type PageContext = Pick<
  AstroGlobal,
  "request" | "cookies" | "clientAddress" | "locals" | "params" | "url" | "response" | "originPathname"
>;

function visitorClientOf(context: PageContext): ApiClient {
  return visitorClient({
    cookie: context.request.headers.get("cookie"),
    language: pageLanguage(context.locals.tenant),
  });
}

export type AccountPage = "upcoming" | "orders";

export type Guarded =
  | { ok: true; tenant: Tenant; identity: IdentityResource; api: OrdersApi }
  | { ok: false; response: Response };

/** The page's tenant and flag (off: 404), the login (none: the login page and back), no-store. */
export async function guardAccountPage(context: PageContext, page: AccountPage): Promise<Guarded> {
  const tenant = getTenant(context.params.seller ?? "");
  const notFound = { ok: false, response: new Response(null, { status: 404 }) } as const;
  if (!tenant) return notFound;
  if (!tenant.web.my_account_pages[page]) return notFound;
  const identity = await currentIdentity(context, tenant.slug);
  if (!identity) {
    return {
      ok: false,
      response: privateRedirect(
        loginPageHref(tenant.slug, context.originPathname, {}, pageBase(context.locals, tenant.slug)),
      ),
    };
  }
  context.response.headers.set("Cache-Control", PRIVATE_PAGE_CACHE_CONTROL);
  return { ok: true, tenant, identity, api: ordersApi(visitorClientOf(context), tenant.slug) };
}

export const ORDER_PAGE_EMBEDS = [
  "ticket",
  "ticket_type",
  "ticket_group",
  "event_template",
  "event_session",
  "venue",
  "membership",
  "payment_audit",
  "scheduled_payment",
].join(",");

const empty = z.unknown();

function ordersApi(client: ApiClient, seller: string) {
  const q = { _seller: seller };
  return {
    orders: (): Promise<MyOrderEnvelope> =>
      client.get(
        "my/ticket_order",
        { ...q, _embed: "ticket,ticket_type,ticket_group,event_template" },
        myOrderEnvelope,
      ),
    /** One of the caller's orders with everything its page shows; null when it is not theirs. */
    order: async (id: string): Promise<MyOrderEnvelope | null> => {
      if (!id || id.length > 200 || id.includes(",")) return null;
      const body = await client.get(
        "my/ticket_order",
        { ...q, "id._in": id, _embed: ORDER_PAGE_EMBEDS },
        myOrderEnvelope,
      );
      return body.ticket_order._count ? body : null;
    },
    sessions: async (when: "upcoming" | "all", sessionId?: string): Promise<OrderSession[]> => {
      if (sessionId !== undefined && (!sessionId || sessionId.length > 200 || sessionId.includes(",")))
        return [];
      const query = sessionId ? { ...q, when, "event_session_id._in": sessionId } : { ...q, when };
      return (await client.get("my/order_session", query, orderSessionAnswer)).search_result._data;
    },
    /** POST ticket_order/{id}/email: true when queued. */
    emailOrder: async (id: string): Promise<boolean> => {
      try {
        await client.send("POST", `ticket_order/${encodeURIComponent(id)}/email`, q, {}, empty);
        return true;
      } catch (error) {
        if (error instanceof ApiClientError) return false;
        throw error;
      }
    },
  };
}

export type OrdersApi = ReturnType<typeof ordersApi>;
