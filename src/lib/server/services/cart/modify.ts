/**
 * One modify, inside the caller's transaction with the cart row locked. Body order: remove,
 * preReservePromoCodes, add, postReservePromoCodes, additionalInfo (merged), campaign (merged),
 * preloadedPromoCodes (ignore errors, no benefit required). Every rule is checked before a place
 * is taken; places are taken with conditional UPDATEs in a fixed order (counters.ts); any failure
 * rolls the whole call back.
 */
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { cartModifyBody } from "../../../api/cart/schemas.ts";
import { type CitypassConfig, matchesCitypass } from "../../../domain/citypass.ts";
import { defaultPromoCode, withDefaultPromoCode } from "../../../domain/default-promo/default-promo-code.ts";
import { msg } from "../../../domain/messages.ts";
import { ownValue } from "../../../domain/own-property.ts";
import {
  codeListProblem,
  type DiscountableLine,
  normalizeCode,
  readBenefit,
} from "../../../domain/promo-codes.ts";
import { getTenant } from "../../../tenant/load.ts";
import type { Db } from "../../db/client.ts";
import type { Tx } from "../../db/executor.ts";
import { type LastStatements, lastStatements } from "../../db/last-statements.ts";
import { insertShaped } from "../../db/query-shape.ts";
import type { MembershipCartOptions } from "../../db/schema.ts";
import * as s from "../../db/schema.ts";
import { ApiError, fail, notFound } from "../../errors/api-error.ts";
import type { Caller } from "../identity/identity.ts";
import { checkGiftOptions } from "../membership/redeem.ts";
import { checkMembershipReserve } from "../membership/reserve-rules.ts";
import { currentMemberRoles, groupsOpenToRoles } from "../membership/roles.ts";
import {
  assertCodeList,
  assertUsable,
  checkCartCode,
  explainHeldVoucher,
  invalidCitypass,
  loadCodes,
  takeVoucherUses,
  unlockedGroups,
} from "./codes.ts";
import {
  addDelta,
  applyCapacityDeltas,
  type Counters,
  type FreshCounters,
  releaseDeltas,
  takeCapacityAtCommit,
} from "./counters.ts";
import type { KnownRows } from "./envelope.ts";
import { CODE_REQUIRED_TEXT, ruleBlocksReserve } from "./errors.ts";
import { withLineKinds } from "./line-kinds.ts";
import { cancelTickets, heldTickets } from "./release.ts";
import { type Catalogue, plannedTickets, type ResolvedLine, resolveAdds } from "./reserve.ts";
import {
  checkMemberOnly,
  checkOrderLimits,
  checkUpsellRules,
  lockedMemberGroups,
  type PlannedTicket,
} from "./rules.ts";
import { holdSeats, partySeats } from "./seats.ts";
import { cachedSellerById } from "./static-rows.ts";
import { assertSurveyEmails } from "./survey-answers.ts";
import type { CartRow, CodeRow, GroupRow, TicketInsert, TicketRow } from "./types.ts";

export type CartModifyInput = z.output<typeof cartModifyBody>;

export interface ModifyContext {
  /** The database handle (owner of the static-row cache); queries go through `tx`. */
  db: Db;
  now: Date;
  caller: Caller;
  /** The cart was created in this transaction. */
  isNew?: boolean;
  /** The caller's own first statement, sent with the first reads (the new cart's INSERT). */
  alongside?: () => Promise<unknown>;
  /** Checks the events of the tickets added before anything is taken (the on-sale line). */
  beforeAdd?: (eventIds: readonly string[]) => Promise<void>;
}

/** The locked members-only groups the caller's current memberships open (read only when needed). */
async function memberOpenGroups(
  tx: Tx,
  ctx: ModifyContext,
  sellerId: string,
  groups: Iterable<GroupRow>,
  unlocked: ReadonlySet<string>,
): Promise<Set<string>> {
  const locked = lockedMemberGroups(groups, unlocked);
  const { identityId } = ctx.caller;
  if (!locked.length || !identityId || ctx.caller.sellerId !== sellerId) return new Set();
  const roles = await currentMemberRoles(tx, identityId, sellerId, ctx.now);
  return groupsOpenToRoles(
    tx,
    locked.map((g) => g.id),
    roles,
  );
}

interface SellerInfo {
  timezone: string;
  citypass?: CitypassConfig;
  /** Spec 1 §9: the first entry of the web config's default_promo_codes. */
  defaultPromoCode?: string | undefined;
}

async function sellerInfo(owner: Db, tx: Tx, sellerId: string): Promise<SellerInfo> {
  const seller = await cachedSellerById(owner, tx, sellerId);
  if (!seller) throw notFound("seller", sellerId);
  const web = getTenant(seller.slug)?.web;
  return {
    timezone: seller.timezone,
    citypass: web?.citypass,
    defaultPromoCode: defaultPromoCode(web?.default_promo_codes ?? []),
  };
}

const normalized = (list: readonly string[] | undefined) => (list ?? []).map(normalizeCode);

/** Whether a voucher may be used for a ticket type (its benefit's types and the CityPASS pattern). */
function voucherFits(
  row: CodeRow | undefined,
  typeId: string,
  typeName: string,
  citypass?: CitypassConfig,
): boolean {
  if (row?.kind !== "voucher") return false;
  const only = readBenefit(row.benefit).ticket_type_ids;
  if (only && !only.includes(typeId)) return false;
  return !citypass || matchesCitypass(row.code, citypass, typeName);
}

/**
 * Gives every added ticket of a code-required group (handler codes) a voucher: its own `code`, or
 * an unused voucher of the cart. Returns the uses to take per code.
 */
function assignVouchers(
  planned: { row: TicketInsert; line: ResolvedLine }[],
  pool: string[],
  rows: Map<string, CodeRow>,
  now: Date,
  citypass?: CitypassConfig,
): Map<string, number> {
  const uses = new Map<string, number>();
  for (const p of planned) {
    if (p.line.group.handler !== "codes") continue;
    const { type, group } = p.line;
    let code = p.row.code ?? null;
    if (code) {
      if (citypass && !matchesCitypass(code, citypass, type.name)) throw invalidCitypass(code);
      const row = assertUsable(code, rows.get(code), now);
      if (!voucherFits(row, type.id, type.name, citypass)) {
        throw fail("no_code_benefit", {
          message: msg("apiError.no_code_benefit.type", { code, type: type.name }),
          extra: { code },
        });
      }
    } else {
      code = pool.find((c) => voucherFits(rows.get(c), type.id, type.name, citypass)) ?? null;
      // A CityPASS child code for an adult ticket (or the reverse) is the wrong format for
      // this ticket (spec 1 §5), not a missing code.
      const wrongKind =
        code || !citypass
          ? undefined
          : pool.find((c) => rows.get(c)?.kind === "voucher" && !matchesCitypass(c, citypass, type.name));
      if (wrongKind) throw invalidCitypass(wrongKind);
      if (!code) {
        throw ruleBlocksReserve("code_required", CODE_REQUIRED_TEXT, {
          ticket_group_id: group.id,
          ticket_type_id: type.id,
        });
      }
      pool.splice(pool.indexOf(code), 1);
    }
    p.row.code = code;
    uses.set(code, (uses.get(code) ?? 0) + 1);
  }
  return uses;
}

function mergeInfo(
  current: Record<string, Record<string, unknown>>,
  patch: Record<string, Record<string, unknown>> | undefined,
): Record<string, Record<string, unknown>> {
  if (!patch) return current;
  const out = { ...current };
  for (const [groupId, answers] of Object.entries(patch))
    out[groupId] = { ...(ownValue(out, groupId) ?? {}), ...answers };
  return out;
}

/** The body's membership cart options over the cart's (the same object when the body has none). */
function mergeMembershipOptions(
  current: MembershipCartOptions,
  body: CartModifyInput,
): MembershipCartOptions {
  const patch: MembershipCartOptions = {};
  if (body.autoRenewMembership !== undefined) patch.autoRenewMembership = body.autoRenewMembership;
  if (body.extendMembership !== undefined) patch.extendMembership = body.extendMembership;
  if (body.giftee !== undefined) patch.gifteeIdentityId = body.giftee;
  if (body.redeemMembership !== undefined) patch.redeemMembership = normalizeCode(body.redeemMembership);
  return Object.keys(patch).length ? { ...current, ...patch } : current;
}

type ModifyResult = { cart: CartRow; tickets: TicketRow[]; known: KnownRows };

/**
 * Applies the body; answers the cart as changed and its held tickets (no re-read needed). A
 * voucher refused because another cart holds its uses is answered code_held (codes.ts).
 */
export function applyModify(
  tx: Tx,
  cart: CartRow,
  body: CartModifyInput,
  ctx: ModifyContext,
): Promise<ModifyResult> {
  return explainHeldVoucher(tx, cart, async () => (await applyModifyBody(tx, cart, body, ctx, false)).answer);
}

/**
 * applyModify whose last statements (the tickets' INSERT and the capacity rows) are sent and not
 * awaited: the transaction commits with them (db/last-statements.ts `transactionEndingWith`).
 */
export function applyModifyAtCommit(
  tx: Tx,
  cart: CartRow,
  body: CartModifyInput,
  ctx: ModifyContext,
): Promise<LastStatements<ModifyResult>> {
  return explainHeldVoucher(tx, cart, () => applyModifyBody(tx, cart, body, ctx, true));
}

async function applyModifyBody(
  tx: Tx,
  cart: CartRow,
  body: CartModifyInput,
  ctx: ModifyContext,
  atCommit: boolean,
): Promise<LastStatements<ModifyResult>> {
  const { now } = ctx;
  // A cart created in this transaction holds nothing yet.
  const held = ctx.isNew ? [] : await heldTickets(tx, cart.id);

  // remove
  const removeIds = new Set(body.remove ?? []);
  const removed = held.filter((t) => removeIds.has(t.id));
  if (removed.length !== removeIds.size) {
    throw notFound(
      "ticket",
      [...removeIds].find((id) => !removed.some((t) => t.id === id)),
    );
  }
  const kept = held.filter((t) => !removeIds.has(t.id));

  // codes used by this call, looked up once
  const pre = normalized(body.preReservePromoCodes);
  const post = normalized(body.postReservePromoCodes);
  // Spec 1 §9: a new cart also preloads the tenant's default promo code.
  const defaultCode = ctx.isNew ? (await sellerInfo(ctx.db, tx, cart.sellerId)).defaultPromoCode : undefined;
  const preloaded = withDefaultPromoCode(
    normalized(body.preloadedPromoCodes),
    defaultCode === undefined ? undefined : normalizeCode(defaultCode),
  );
  const lineCodes = (body.add ?? []).flatMap((l) => (l.code ? [normalizeCode(l.code)] : []));
  const prePost = pre.length ? codeListProblem(pre) : null;
  if (prePost?.kind === "duplicate") assertCodeList(pre, []);
  // The first reads at once, with the caller's own first statement (pipelined on PostgreSQL).
  const [rows, { resolved, catalogue }] = await Promise.all([
    loadCodes(tx, cart.sellerId, [...cart.codes, ...pre, ...post, ...preloaded, ...lineCodes]),
    resolveAdds(tx, cart.sellerId, body.add ?? [], now),
    ctx.alongside?.(),
  ]);
  if (resolved.length && ctx.beforeAdd) await ctx.beforeAdd(resolved.map((r) => r.event.id));
  const needsSeller =
    resolved.some((r) => r.group.handler === "codes") ||
    pre.length > 0 ||
    post.length > 0 ||
    preloaded.length > 0;
  let seller: SellerInfo | undefined = needsSeller ? await sellerInfo(ctx.db, tx, cart.sellerId) : undefined;
  const getSeller = async () => {
    seller ??= await sellerInfo(ctx.db, tx, cart.sellerId);
    return seller;
  };

  // preReservePromoCodes: kept on the cart; codes already on it are accepted again (a retried add)
  const codes = [...cart.codes];
  const hasCodesGroup = resolved.some((r) => r.group.handler === "codes");
  for (const c of pre) {
    if (codes.includes(c)) continue;
    const citypass = seller?.citypass;
    if (!rows.get(c) && hasCodesGroup && citypass && !matchesCitypass(c, citypass)) throw invalidCitypass(c);
    codes.push(checkCartCode(c, rows.get(c), { now, lines: [], requireBenefit: false, citypass }));
  }

  // add: plan the tickets, check every rule, then take the places
  const planned = plannedTickets(cart.id, cart.sellerId, resolved, now);
  const all: PlannedTicket[] = [
    ...kept.map((t) => ({ ...t, added: false })),
    ...planned.map((p) => ({ ...(p.row as Required<TicketInsert>), added: true })),
  ];
  checkOrderLimits(all, catalogue.groups);
  const addedGroups = new Set(resolved.map((r) => r.group));
  const unlocked = unlockedGroups(codes.flatMap((c) => rows.get(c) ?? []));
  const memberOpen = await memberOpenGroups(tx, ctx, cart.sellerId, addedGroups, unlocked);
  checkMemberOnly(addedGroups, unlocked, memberOpen);
  // Member tickets (roles, prices), the renewal window, benefits and the term.
  await checkMembershipReserve(tx, {
    now,
    sellerId: cart.sellerId,
    seller: async () => {
      const row = await cachedSellerById(ctx.db, tx, cart.sellerId);
      if (!row) throw notFound("seller", cart.sellerId);
      return row;
    },
    identityId: ctx.caller.sellerId === cart.sellerId ? ctx.caller.identityId : null,
    kept,
    removed,
    planned,
    groups: catalogue.groups,
    memberOpen,
    options: mergeMembershipOptions(cart.membershipOptions, body),
  });
  const inUse = new Set(kept.flatMap((t) => (t.code ? [t.code] : [])));
  const pool = codes.filter((c) => rows.get(c)?.kind === "voucher" && !inUse.has(c));
  const voucherUses = assignVouchers(planned, pool, rows, now, seller?.citypass);
  if (planned.length) {
    await checkUpsellRules(ctx.db, tx, all, catalogue.sessions, (await getSeller()).timezone);
  }

  const { sessions, groups } = releaseDeltas(removed);
  for (const { row } of planned) {
    if (row.countsAgainstSession && row.eventSessionId) addDelta(sessions, row.eventSessionId, 1);
    addDelta(groups, row.ticketGroupId, 1);
  }
  if (body.additionalInfo) {
    const owner = await cachedSellerById(ctx.db, tx, cart.sellerId);
    if (!owner) throw notFound("seller", cart.sellerId);
    await assertSurveyEmails(tx, owner, body.additionalInfo);
  }
  const additionalInfo = mergeInfo(cart.additionalInfo, body.additionalInfo);
  // The gift's recipient and a redeemed gift code (spec 2 §8 texts) are checked first.
  await checkGiftOptions(tx, cart.sellerId, body, ctx.caller, now);
  const membershipOptions = mergeMembershipOptions(cart.membershipOptions, body);
  const campaign = body.campaign ? { ...cart.campaign, ...body.campaign } : cart.campaign;

  // Everything but the counters first; a refusal found here waits for the counters, so a
  // capacity error still comes first, as when the places were taken before the seats and codes.
  try {
    // Seats picked for the shopper sit with the party: the cart's kept seats, an edited order's
    // seats, and the seats this very call picks for an earlier line (seats.ts partySeats).
    const party = resolved.some((r) => r.group.handler === "seated" && r.session && !r.line.seat_template_id)
      ? await partySeats(tx, cart, kept)
      : undefined;
    for (const r of resolved) {
      if (r.group.handler !== "seated" || !r.session) continue;
      const rowsOfLine = planned.filter((p) => p.line === r);
      const seats = await holdSeats(tx, {
        eventTemplateId: r.event.id,
        groupId: r.group.id,
        sessionId: r.session.id,
        n: rowsOfLine.length,
        seatIds: r.line.seat_template_id ? [r.line.seat_template_id] : [],
        ...(party ? party.of(r.session.id, r.type.id) : {}),
      });
      party?.took(r.session.id, seats);
      rowsOfLine.forEach((p, i) => {
        p.row.seatTemplateId = seats[i] ?? null;
      });
    }
    await cancelTickets(tx, removed);
    await takeVoucherUses(tx, cart.sellerId, voucherUses);
    if (post.length || preloaded.length) {
      const lines = await withLineKinds(
        tx,
        all,
        resolved.map((r) => r.group),
      );
      await applyLaterCodes(codes, lines, { post, preloaded, rows, now, getSeller });
    }
    const changed =
      codes.length !== cart.codes.length ||
      body.additionalInfo !== undefined ||
      body.campaign !== undefined ||
      membershipOptions !== cart.membershipOptions;
    if (changed) {
      await tx
        .update(s.cart)
        .set({ codes, additionalInfo, campaign, membershipOptions })
        .where(eq(s.cart.id, cart.id));
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    await applyCapacityDeltas(tx, sessions, groups);
    throw error;
  }
  // The ticket rows, then the hot rows last, right before COMMIT (counters.ts); sent together.
  // (`execute` sends the INSERT at once, before the counters' UPDATE.)
  const inserting: Promise<TicketRow[]> = planned.length
    ? insertShaped(
        tx,
        "cart_insert_tickets",
        s.ticket,
        planned.map((p) => p.row),
        true,
      )
    : Promise.resolve([]);
  const taking = atCommit
    ? takeCapacityAtCommit(tx, ctx.db, sessions, groups)
    : applyCapacityDeltas(tx, sessions, groups);
  return lastStatements(
    Promise.all([inserting, taking]).then(([inserted, counters]) => {
      const order = new Map(planned.map((p, i) => [p.row.id, i]));
      inserted.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      return {
        cart: { ...cart, codes, additionalInfo, campaign, membershipOptions },
        tickets: [...kept, ...inserted],
        known: knownRows(catalogue, counters, rows),
      };
    }),
  );
}

/** postReservePromoCodes (a discount must touch a ticket in the cart), then preloadedPromoCodes. */
async function applyLaterCodes(
  codes: string[],
  lines: readonly DiscountableLine[],
  input: {
    post: string[];
    preloaded: string[];
    rows: Map<string, CodeRow>;
    now: Date;
    getSeller: () => Promise<SellerInfo>;
  },
): Promise<void> {
  const { post, preloaded, rows, now, getSeller } = input;
  if (post.length) {
    assertCodeList(post, codes);
    const citypass = (await getSeller()).citypass;
    for (const c of post) {
      codes.push(checkCartCode(c, rows.get(c), { now, lines, requireBenefit: true, citypass }));
    }
  }
  // preloadedPromoCodes: applied when they can be, silently skipped otherwise
  for (const c of preloaded) {
    if (codes.includes(c)) continue;
    try {
      const citypass = (await getSeller()).citypass;
      codes.push(checkCartCode(c, rows.get(c), { now, lines, requireBenefit: false, citypass }));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }
}

/** The fresh rows this call read, with the counters as the capacity UPDATE left them. */
function knownRows(catalogue: Catalogue, counters: FreshCounters, codes: Map<string, CodeRow>): KnownRows {
  const withCounters = <T extends { id: string }>(rows: Iterable<T>, fresh: Map<string, Counters>) =>
    new Map([...rows].map((r) => [r.id, { ...r, ...fresh.get(r.id) }]));
  return {
    sessions: withCounters(catalogue.sessions.values(), counters.sessions),
    groups: withCounters(catalogue.groups.values(), counters.groups),
    types: catalogue.types,
    codes,
  };
}
