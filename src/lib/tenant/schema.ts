/**
 * Tenant configuration as marketing and operators edit it in src/content/tenants/{slug}.json.
 * Every UI string can be overridden per tenant; the defaults are the spec's texts (strings.ts).
 */
import { z } from "zod";
import { isHostName } from "../domain/tenant-hosts/hosts.ts";
import { FONT_KEYS } from "./fonts.ts";
import { SUPPORTED_LANGUAGES } from "./locales/index.ts";
import { externalLoginSchema } from "./schema-external-login.ts";

const homePanelSchema = z.enum(["login", "join", "guest"]);

const fontKeySchema = z.enum(FONT_KEYS);

const themeSchema = z.object({
  /** CSS custom properties without the leading dashes, e.g. { "color-primary": "#0b4f6c" }. */
  vars: z.record(z.string().regex(/^[a-z0-9-]+$/), z.string().max(200)),
  /**
   * The heading and body fonts, keys of the self-hosted registry (fonts.ts); they set
   * `--font-heading` and `--font-body` and win over a `font-*` var. Unset: the system font stack.
   */
  fonts: z.object({ heading: fontKeySchema, body: fontKeySchema }).optional(),
  logoText: z.string().max(80),
  logoUrl: z.string().optional(),
});

/** An IANA time zone this runtime knows (Intl refuses any other). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An ISO 4217 currency code Intl formats (its decimals decide the minor units). */
function isCurrencyCode(code: string): boolean {
  try {
    new Intl.NumberFormat("en", { style: "currency", currency: code });
    return /^[A-Z]{3}$/.test(code);
  } catch {
    return false;
  }
}

export const tenantSchema = z.object({
  slug: z.string().regex(/^[a-z0-9-]{2,64}$/),
  /**
   * The tenant's own host names: lower case, no port, unique across tenants (checked at
   * load). On them the API needs no `_seller`, the storefront is at `/`, and mail links use the first.
   */
  hosts: z
    .array(
      z
        .string()
        .refine(isHostName, "A host name is lower case, with no port or scheme, e.g. tickets.example.org."),
    )
    .max(20)
    .default([]),
  name: z.string().min(1).max(120),
  /** One or two sentences about the tenant: the meta description of pages without their own. */
  description: z.string().max(300).optional(),
  locale: z.string().default("en-US"),
  /**
   * The shop's languages, the default first (DESIGN §13): each other one is served at
   * `/{seller}/{lang}/…`. Absent, the shop speaks its locale's language only.
   */
  languages: z
    .array(z.enum(SUPPORTED_LANGUAGES))
    .min(1)
    .max(SUPPORTED_LANGUAGES.length)
    .refine((list) => new Set(list).size === list.length, "A language is listed once.")
    .optional(),
  /** The `Intl` locale of a language, when not the tenant's locale or its region ("es": "es-US"). */
  language_locales: z.partialRecord(z.enum(SUPPORTED_LANGUAGES), z.string().min(2).max(35)).default({}),
  /**
   * The tenant's own words in a language other than its default: its name, description, logo text,
   * terms, session tab names and string overrides. What is not given falls back to the default
   * language's (and a string to Foyer's translation of it).
   */
  translations: z
    .partialRecord(
      z.enum(SUPPORTED_LANGUAGES),
      z.object({
        name: z.string().min(1).max(120).optional(),
        description: z.string().max(300).optional(),
        logo_text: z.string().min(1).max(120).optional(),
        strings: z.record(z.string(), z.string()).default({}),
        web: z
          .object({
            terms_and_conditions_dialog_content: z.string().max(20_000).optional(),
            session_picker_tabs: z
              .object({
                first_tab_name: z.string().max(40).optional(),
                second_tab_name: z.string().max(40).optional(),
                third_tab_name: z.string().max(40).optional(),
              })
              .optional(),
          })
          .optional(),
      }),
    )
    .default({}),
  timezone: z
    .string()
    .refine(isTimeZone, "A time zone is an IANA name, e.g. America/New_York, Europe/London or Asia/Kuwait."),
  portal: z.object({
    default_currency_code: z
      .string()
      .length(3)
      .refine(isCurrencyCode, "A currency is an ISO 4217 code in capitals, e.g. USD, GBP or KWD."),
    admission_event_id: z.string().optional(),
    membership_event_id: z.string().optional(),
  }),
  web: z.object({
    membership_presell: z.boolean().default(true),
    /** An external membership site: /membership/{action?} redirects there (spec 2 §2). */
    membership_url: z.string().url().optional(),
    home_panels: z.array(homePanelSchema).default(["login", "join", "guest"]),
    price_display: z.enum(["all", "sessions_and_tickets", "none"]).default("all"),
    include_fees_in_price: z.boolean().default(false),
    show_remaining_session_capacity_threshold: z.number().int().positive().optional(),
    session_picker_tabs: z
      .object({
        first_tab_threshold: z.string().regex(/^\d{4}$/),
        second_tab_threshold: z
          .string()
          .regex(/^\d{4}$/)
          .optional(),
        first_tab_name: z.string(),
        second_tab_name: z.string(),
        third_tab_name: z.string().optional(),
      })
      .optional(),
    login_modes: z.array(z.string()).default(["password"]),
    /** Login through the tenant's own OpenID Connect provider (schema-external-login.ts). */
    external_login: externalLoginSchema.optional(),
    default_promo_codes: z.array(z.string()).default([]),
    express_checkout: z.boolean().default(false),
    signup_url: z.string().optional(),
    /**
     * Spec 1 §2 "a membership promo": event pages invite visitors who are not members to
     * join (strings event.memberPromo.*), linking to signup_url or the membership page. On by default.
     */
    membership_promo: z.boolean().default(true),
    /** Spec 1 §9: the membership form asks the auto-renew yes/no question (also per group: meta auto_renew 'prompt'). */
    ask_to_autorenew: z.boolean().default(false),
    terms_and_conditions_dialog_content: z.string().default(""),
    captcha_public_key: z.string().optional(),
    /**
     * Origins allowed to embed this tenant's pages in a frame (CSP frame-ancestors), e.g.
     * ["https://www.harbourmuseum.org"]. Unset or empty: no site may frame them ('none').
     * Only https origins (a `*.` subdomain wildcard allowed), so nothing else reaches the header.
     */
    frame_ancestors: z
      .array(z.string().regex(/^https:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/))
      .max(20)
      .optional(),
    /**
     * Origins whose browser clients may call this tenant's API cross-origin (CORS,
     * http/cors.ts), e.g. ["https://shop.harbourmuseum.org"]: reads, and writes on public carts
     * without cookies. https origins, or http on localhost/127.0.0.1. Unset or empty: none.
     */
    cors_origins: z
      .array(
        z
          .string()
          .regex(/^(https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*|http:\/\/(localhost|127\.0\.0\.1))(:\d{1,5})?$/),
      )
      .max(20)
      .optional(),
    /** Google Tag Manager container id; analytics events are pushed to dataLayer only when set. */
    tag_manager_id: z
      .string()
      .regex(/^GTM-[A-Z0-9]{4,12}$/)
      .optional(),
    citypass: z
      .object({
        adult_regexp: z.string(),
        child_regexp: z.string(),
        child_ticket_type_keywords: z.array(z.string()).default(["child"]),
      })
      .optional(),
    /**
     * Renewal (spec 1 §6; domain/membership/renewal.ts): renewal opens `renewal_window_days` before the
     * term ends (default 60); an ended term is extended up to `renewal_grace_days` after (default 30);
     * members-only tickets after the term: `reserve_beyond_term` always | if_autorenew | never.
     */
    membership: z
      .object({
        renewal_window_days: z.number().int().min(0).max(366).optional(),
        renewal_grace_days: z.number().int().min(0).max(366).optional(),
        reserve_beyond_term: z.enum(["always", "if_autorenew", "never"]).optional(),
      })
      .optional(),
    /**
     * Spec 2 §2: the my-account pages that exist. A page whose flag is off is not in the
     * account navigation and answers 404. All on by default.
     */
    my_account_pages: z
      .object({
        upcoming: z.boolean().default(true),
        orders: z.boolean().default(true),
        profile: z.boolean().default(true),
      })
      .default({ upcoming: true, orders: true, profile: true }),
    /**
     * Spec 2 §5: when set, a member's name cannot be changed on the profile (and the profile refuses
     * it); the other identity fields stay editable.
     */
    prevent_membership_updates: z.boolean().default(false),
    /**
     * The waiting list of sold-out sessions: on for the events listed (`["*"]`: every event). An
     * offer holds its places `offer_hours` (24 by default), at most `same_day_offer_minutes` on the
     * day of the session.
     */
    waiting_list: z
      .object({
        events: z.array(z.string().min(1).max(100)).max(500).default([]),
        offer_hours: z.number().int().min(1).max(168).default(24),
        same_day_offer_minutes: z.number().int().min(10).max(1440).default(120),
      })
      .default({ events: [], offer_hours: 24, same_day_offer_minutes: 120 }),
    /**
     * On-sale waiting rooms: from `on_sale_at`, shoppers of the events listed (`["*"]`: every event)
     * queue and are let in `rate_per_minute` at a time, or while fewer than `max_in_shop` are in the
     * shop (one of the two, or both), and may stay `stay_minutes` once in. Staff pause, resume and
     * change the rate in the back office.
     */
    waiting_room: z
      .array(
        z
          .object({
            events: z.array(z.string().min(1).max(100)).min(1).max(500),
            on_sale_at: z.iso.datetime({ offset: true }),
            rate_per_minute: z.number().int().min(1).max(100_000).optional(),
            max_in_shop: z.number().int().min(1).max(1_000_000).optional(),
            stay_minutes: z.number().int().min(1).max(240).default(15),
          })
          .refine((room) => room.rate_per_minute !== undefined || room.max_in_shop !== undefined, {
            message: "A waiting room needs rate_per_minute, max_in_shop, or both.",
          }),
      )
      .max(20)
      .default([]),
    /**
     * Spec 2 §2, §4, §5: after-sale self-service on /manage/{id}. With `enabled`, the
     * buyer may edit, reschedule and (for all-free orders) cancel tickets until `horizon_days` days
     * and `horizon_hours` hours before the session starts (later tickets are `tickets_too_old`);
     * without it /manage/{id} only cancels a free order. `lower_price`: what a change to a cheaper
     * booking does with the difference: `refund` it to the original payment, or `keep` it.
     */
    self_edit: z
      .object({
        enabled: z.boolean().default(false),
        horizon_days: z.number().int().min(0).max(365).default(1),
        horizon_hours: z.number().int().min(0).max(23).default(0),
        lower_price: z.enum(["refund", "keep"]).default("refund"),
      })
      .default({ enabled: false, horizon_days: 1, horizon_hours: 0, lower_price: "refund" }),
  }),
  theme: themeSchema,
  strings: z.record(z.string(), z.string()).default({}),
  features: z.record(z.string(), z.boolean()).default({}),
  payments: z
    .object({
      gateway: z.enum(["test", "stripe"]).default("test"),
      stripe_publishable_key: z.string().optional(),
      /** Spec 2 §4: when on, wallets (Apple Pay, Google Pay) are disabled and card is used. */
      post_code_as_discount: z.boolean().default(false),
    })
    .default({ gateway: "test", post_code_as_discount: false }),
});

export type Tenant = z.infer<typeof tenantSchema>;

/** Frontmatter of a tenant content block (Markdown) under src/content/blocks/{tenant}/. */
export const contentBlockSchema = z.object({
  key: z.string(),
  region: z.string(),
  enabledRoutes: z.array(z.string()).optional(),
  disabledRoutes: z.array(z.string()).optional(),
  enabledRoles: z.array(z.enum(["anonymous", "logged_in"])).optional(),
  disabledRoles: z.array(z.enum(["anonymous", "logged_in"])).optional(),
  order: z.number().default(0),
});

export type ContentBlockMeta = z.infer<typeof contentBlockSchema>;
