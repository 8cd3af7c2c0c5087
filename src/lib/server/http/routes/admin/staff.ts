/**
 * The admin API's staff calls (api/admin/schemas.ts): login with a second factor, the
 * authenticator's setup, setup links, logout; an admin's staff list, invitations, API keys and
 * the audit log. Writes are same-origin only (the staff cookie is SameSite=Strict too).
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import {
  apiKeysAnswer,
  auditAnswer,
  codeBody,
  inviteBody,
  newKeyBody,
  recoveryCodesAnswer,
  setupBody,
  setupLinkAnswer,
  staffChangeBody,
  staffListAnswer,
  staffLoginBody,
  staffSessionAnswer,
  totpSetupAnswer,
} from "../../../../api/admin/schemas.ts";
import type { StaffRole } from "../../../../domain/admin/roles.ts";
import { fail } from "../../../errors/api-error.ts";
import { clientAddress } from "../../../request/client-address.ts";
import type { ApiEnv } from "../../../request/env.ts";
import { type AuditPage, auditPage } from "../../../services/admin/audit.ts";
import {
  completeSetup,
  inviteStaff,
  listStaff,
  newStaffInput,
  type StaffRow,
  setupLinkAccount,
} from "../../../services/admin/staff/accounts.ts";
import {
  createApiKey,
  listApiKeys,
  newApiKeyInput,
  revokeApiKey,
} from "../../../services/admin/staff/api-keys.ts";
import { editStaff } from "../../../services/admin/staff/edit.ts";
import {
  confirmTotpSetup,
  type SessionState,
  STAFF_COOKIE,
  STAFF_MAX_S,
  secondFactorInput,
  staffLogin,
  staffLoginInput,
  staffLogout,
  startTotpSetup,
  verifySecondFactor,
} from "../../../services/admin/staff/login.ts";
import { secureCookies } from "../../../services/auth/sessions.ts";
import { cachedSeller } from "../../../services/cart/static-rows.ts";
import { qrSvg } from "../../../services/ticket-cards/qr.ts";
import { mailOriginFor } from "../../../tenant-hosts/links.ts";
import type { ApiRouter } from "../../router.ts";
import { errorBodies, jsonBody, sameOriginWrites } from "../_shared.ts";
import { adminOnlyFresh, requireActor, staffSessionOf, staffToken } from "./access.ts";

const sellerQuery = z.object({ _seller: z.string().max(200).optional() });
const auditEmbeds = ["audit_action", "audit_actor"] as const;
const auditQuery = sellerQuery
  .extend({
    action: z.string().max(60).optional().describe("One action, e.g. refund or staff.role."),
    actor_id: z.string().max(100).optional().describe("A staff member's or an API key's id."),
    resource: z
      .string()
      .max(60)
      .optional()
      .describe("ticket_order, event_session, membership, staff_account, api_key …"),
    resource_id: z.string().max(200).optional(),
    _limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(200)
      .optional()
      .describe("Entries per page (50 unless given)."),
    _offset: z.coerce.number().int().min(0).max(100_000).optional(),
    _embed: z
      .string()
      .max(100)
      .optional()
      .refine((v) => !v || v.split(",").every((e) => (auditEmbeds as readonly string[]).includes(e)), {
        message: `_embed takes ${auditEmbeds.join(", ")}.`,
      })
      .describe("audit_action, audit_actor: the log's actions and actors, to filter by."),
  })
  // An unknown filter is a 400, never silently ignored.
  .strict();
const ok = <T extends z.ZodTypeAny>(schema: T, description: string) => ({
  200: { description, content: { "application/json": { schema } } },
});
const errors = errorBodies(400, 403, 404, 409, 429);
const staffErrors = errorBodies(400, 401, 403, 404, 409, 429);

const routes = {
  login: createRoute({
    method: "post",
    path: "/admin/login",
    request: { query: sellerQuery, body: jsonBody(staffLoginBody) },
    responses: { ...ok(staffSessionAnswer, "Logged in; the staff cookie is set."), ...staffErrors },
  }),
  secondFactor: createRoute({
    method: "post",
    path: "/admin/login/second_factor",
    request: { body: jsonBody(codeBody) },
    responses: { ...ok(staffSessionAnswer, "The second factor is done."), ...staffErrors },
  }),
  totpSetup: createRoute({
    method: "post",
    path: "/admin/second_factor/setup",
    responses: { ...ok(totpSetupAnswer, "A new authenticator secret, until confirmed."), ...staffErrors },
  }),
  totpConfirm: createRoute({
    method: "post",
    path: "/admin/second_factor/confirm",
    request: { body: jsonBody(codeBody) },
    responses: {
      ...ok(recoveryCodesAnswer, "The authenticator is on; ten recovery codes, shown once."),
      ...staffErrors,
    },
  }),
  logout: createRoute({
    method: "post",
    path: "/admin/logout",
    responses: { 204: { description: "Logged out." }, ...errors },
  }),
  me: createRoute({
    method: "get",
    path: "/admin/me",
    request: { query: sellerQuery },
    responses: { ...ok(staffSessionAnswer, "The staff member logged in."), ...staffErrors },
  }),
  setupLink: createRoute({
    method: "get",
    path: "/admin/setup",
    request: { query: z.object({ token: z.string().max(200) }) },
    responses: { ...ok(setupLinkAnswer, "Whom the setup link is for."), ...errorBodies(400, 410) },
  }),
  setup: createRoute({
    method: "post",
    path: "/admin/setup",
    request: { body: jsonBody(setupBody) },
    responses: { 204: { description: "The password is set." }, ...errorBodies(400, 410) },
  }),
  staffList: createRoute({
    method: "get",
    path: "/admin/staff",
    request: { query: sellerQuery },
    responses: { ...ok(staffListAnswer, "The tenant's staff."), ...staffErrors },
  }),
  invite: createRoute({
    method: "post",
    path: "/admin/staff",
    request: { query: sellerQuery, body: jsonBody(inviteBody) },
    responses: {
      201: {
        description: "Invited; the setup link is mailed.",
        content: { "application/json": { schema: staffListAnswer } },
      },
      ...staffErrors,
    },
  }),
  editStaff: createRoute({
    method: "patch",
    path: "/admin/staff/{id}",
    request: {
      query: sellerQuery,
      params: z.object({ id: z.string().max(100) }),
      body: jsonBody(staffChangeBody),
    },
    responses: {
      ...ok(staffListAnswer, "The staff member as changed; each change is in the audit log."),
      ...staffErrors,
    },
  }),
  keys: createRoute({
    method: "get",
    path: "/admin/api_keys",
    request: { query: sellerQuery },
    responses: { ...ok(apiKeysAnswer, "The tenant's API keys."), ...staffErrors },
  }),
  newKey: createRoute({
    method: "post",
    path: "/admin/api_keys",
    request: { query: sellerQuery, body: jsonBody(newKeyBody) },
    responses: {
      201: {
        description: "The key, shown once.",
        content: { "application/json": { schema: apiKeysAnswer } },
      },
      ...staffErrors,
    },
  }),
  revokeKey: createRoute({
    method: "delete",
    path: "/admin/api_keys/{id}",
    request: { query: sellerQuery, params: z.object({ id: z.string().max(100) }) },
    responses: { 204: { description: "Revoked." }, ...staffErrors },
  }),
  audit: createRoute({
    method: "get",
    path: "/admin/audit",
    request: { query: auditQuery },
    responses: {
      ...ok(auditAnswer, "The audit entries that match, newest first; `_count` is all that match."),
      ...staffErrors,
    },
  }),
};

export function memberOf(staff: StaffRow) {
  return {
    id: staff.id,
    email: staff.email,
    name: staff.name,
    role: staff.role as StaffRole,
    refund_limit: staff.refundLimit,
    second_factor: staff.totpEnabledAt !== null,
    password_set: staff.passwordHash !== null,
    disabled: staff.disabledAt !== null,
  };
}

function sessionAnswer(state: SessionState, staff: StaffRow) {
  return {
    staff_session: { _count: 1, _data: [{ state, seller_id: staff.sellerId, staff: memberOf(staff) }] },
  };
}

function setStaffCookie(c: Context<ApiEnv>, token: string): void {
  setCookie(c, STAFF_COOKIE, token, {
    httpOnly: true,
    sameSite: "Strict",
    path: "/",
    secure: secureCookies(c),
    maxAge: STAFF_MAX_S,
  });
}

async function requireSession(c: Context<ApiEnv>) {
  const session = await staffSessionOf(c);
  if (!session) throw fail("staff_not_logged_in");
  return session;
}

export function registerAdminStaff(router: ApiRouter): void {
  router.use("/admin/*", sameOriginWrites);
  router.use("/admin/*", adminOnlyFresh);

  router.openapi(routes.login, async (c) => {
    const { db, clock } = c.get("deps");
    const seller = await cachedSeller(db, c.req.valid("query")._seller);
    const input = staffLoginInput.parse(c.req.valid("json"));
    const session = await staffLogin(db, seller.id, input, clientAddress(c), clock.now());
    setStaffCookie(c, session.token);
    return c.json(sessionAnswer(session.state, session.staff), 200);
  });

  router.openapi(routes.secondFactor, async (c) => {
    const { db, clock } = c.get("deps");
    const session = await requireSession(c);
    const { code } = secondFactorInput.parse(c.req.valid("json"));
    await verifySecondFactor(db, session, code, clock.now());
    return c.json(sessionAnswer("active", session.staff), 200);
  });

  router.openapi(routes.totpSetup, async (c) => {
    const { db } = c.get("deps");
    const session = await requireSession(c);
    // A set-up authenticator is changed only from a session that passed it.
    if (session.state === "second_factor") throw fail("staff_second_factor_required");
    const seller = await cachedSeller(db, session.staff.sellerId);
    const { secret, uri } = await startTotpSetup(db, session, `${seller.name} back office`);
    const qr = await qrSvg(uri, "QR code of the key, for an authenticator app to scan");
    return c.json({ totp: { _count: 1, _data: [{ secret, uri, qr_svg: qr }] } }, 200);
  });

  router.openapi(routes.totpConfirm, async (c) => {
    const { db, clock } = c.get("deps");
    const session = await requireSession(c);
    if (session.state === "second_factor") throw fail("staff_second_factor_required");
    const { code } = secondFactorInput.parse(c.req.valid("json"));
    const codes = await db.transaction((tx) => confirmTotpSetup(tx, session, code, clock.now()));
    return c.json({ recovery_code: { _count: codes.length, _data: codes } }, 200);
  });

  router.openapi(routes.logout, async (c) => {
    const { db, clock } = c.get("deps");
    await staffLogout(db, staffToken(c), clock.now());
    deleteCookie(c, STAFF_COOKIE, {
      path: "/",
      httpOnly: true,
      sameSite: "Strict",
      secure: secureCookies(c),
    });
    return c.body(null, 204);
  });

  router.openapi(routes.me, async (c) => {
    const { db } = c.get("deps");
    const session = await requireSession(c);
    const ref = c.req.valid("query")._seller;
    if (ref && (await cachedSeller(db, ref)).id !== session.staff.sellerId) throw fail("staff_not_logged_in");
    return c.json(sessionAnswer(session.state, session.staff), 200);
  });

  router.openapi(routes.setupLink, async (c) => {
    const { db, clock } = c.get("deps");
    const staff = await setupLinkAccount(db, c.req.valid("query").token, clock.now());
    if (!staff) throw fail("staff_setup_link_invalid");
    const item = { email: staff.email, name: staff.name, role: staff.role as StaffRole };
    return c.json({ staff_account: { _count: 1, _data: [item] } }, 200);
  });

  router.openapi(routes.setup, async (c) => {
    const { db, clock } = c.get("deps");
    const { token, password } = c.req.valid("json");
    await db.transaction((tx) => completeSetup(tx, token, password, clock.now()));
    return c.body(null, 204);
  });

  router.openapi(routes.staffList, async (c) => {
    const { db } = c.get("deps");
    const actor = await requireActor(c, "staff.manage", c.req.valid("query")._seller);
    const rows = await listStaff(db, actor.sellerId);
    const items = rows.map((r) => ({
      id: r.id,
      email: r.email,
      name: r.name,
      role: r.role as StaffRole,
      refund_limit: r.refundLimit,
      second_factor: r.totpEnabledAt !== null,
      password_set: Boolean(r.passwordSet),
      disabled: r.disabledAt !== null,
    }));
    return c.json({ staff_account: { _count: items.length, _data: items } }, 200);
  });

  router.openapi(routes.invite, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "staff.manage", c.req.valid("query")._seller);
    const input = newStaffInput.parse(c.req.valid("json"));
    const seller = await cachedSeller(db, actor.sellerId);
    const origin = mailOriginFor(seller.slug, c.req.url);
    const staff = await db.transaction((tx) => inviteStaff(tx, actor, seller, input, origin, clock.now()));
    return c.json({ staff_account: { _count: 1, _data: [memberOf(staff)] } }, 201);
  });

  router.openapi(routes.editStaff, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "staff.manage", c.req.valid("query")._seller);
    const id = c.req.valid("param").id;
    const body = c.req.valid("json");
    const staff = await db.transaction((tx) => editStaff(tx, actor, id, body, clock.now()));
    return c.json({ staff_account: { _count: 1, _data: [memberOf(staff)] } }, 200);
  });

  const keyItem = (k: Awaited<ReturnType<typeof listApiKeys>>[number]) => ({
    id: k.id,
    name: k.name,
    role: k.role as StaffRole,
    prefix: k.prefix,
    created_by: k.createdBy,
    created_by_name: k.createdByName,
    created_at: k.createdAt.toISOString(),
    revoked_at: k.revokedAt?.toISOString() ?? null,
  });

  router.openapi(routes.keys, async (c) => {
    const { db } = c.get("deps");
    const actor = await requireActor(c, "keys.manage", c.req.valid("query")._seller);
    const items = (await listApiKeys(db, actor.sellerId)).map(keyItem);
    return c.json({ api_key: { _count: items.length, _data: items } }, 200);
  });

  router.openapi(routes.newKey, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "keys.manage", c.req.valid("query")._seller);
    const input = newApiKeyInput.parse(c.req.valid("json"));
    const now = clock.now();
    const made = await db.transaction((tx) => createApiKey(tx, actor, input, now));
    const item = {
      id: made.id,
      name: input.name,
      role: input.role,
      prefix: made.prefix,
      created_by: actor.id,
      created_by_name: actor.name,
      created_at: now.toISOString(),
      revoked_at: null,
      key: made.key,
    };
    return c.json({ api_key: { _count: 1, _data: [item] } }, 201);
  });

  router.openapi(routes.revokeKey, async (c) => {
    const { db, clock } = c.get("deps");
    const actor = await requireActor(c, "keys.manage", c.req.valid("query")._seller);
    await db.transaction((tx) => revokeApiKey(tx, actor, c.req.valid("param").id, clock.now()));
    return c.body(null, 204);
  });

  router.openapi(routes.audit, async (c) => {
    const { db } = c.get("deps");
    const query = c.req.valid("query");
    const actor = await requireActor(c, "audit.read", query._seller);
    const embeds = new Set(query._embed?.split(",") ?? []);
    const page = await auditPage(db, actor, {
      action: query.action,
      actorId: query.actor_id,
      resource: query.resource,
      resourceId: query.resource_id,
      limit: query._limit,
      offset: query._offset,
      withChoices: embeds.size > 0,
    });
    return c.json(auditBody(page, embeds), 200);
  });
}

function auditBody(page: AuditPage, embeds: Set<string>) {
  const items = page.entries.map((r) => ({
    id: r.id,
    actor_kind: r.actorKind,
    actor_id: r.actorId,
    actor_name: r.actorName,
    action: r.action,
    resource: r.resource,
    resource_id: r.resourceId,
    resource_label: r.resourceLabel,
    resource_time: r.resourceTime?.toISOString() ?? null,
    reason: r.reason,
    details: r.details,
    created_at: r.createdAt.toISOString(),
  }));
  const actions = page.actions ?? [];
  const actors = (page.actors ?? []).map((a) => ({
    actor_kind: a.actorKind,
    actor_id: a.actorId,
    actor_name: a.actorName,
  }));
  return {
    audit_log: { _count: page.total, _data: items },
    ...(embeds.has("audit_action") ? { audit_action: { _count: actions.length, _data: actions } } : {}),
    ...(embeds.has("audit_actor") ? { audit_actor: { _count: actors.length, _data: actors } } : {}),
  };
}
