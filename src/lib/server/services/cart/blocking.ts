/**
 * A cart blocked until a code is entered (spec 2 §2 "a form for a cart blocked until a code is
 * entered"; §8 "rule_blocks_reserve with block_reason code_required means a promo code is
 * needed"). A ticket group whose meta has `checkout_code_required: true` can be held, but checkout
 * waits until a code on the cart applies to that group: its benefit unlocks the group
 * (unlocks_ticket_group_ids) or names one of the group's held ticket types (ticket_type_ids). The
 * envelope carries the blocking rule; assertCheckoutNotBlocked refuses the checkout.
 */
import { and, eq, inArray } from "drizzle-orm";
import { readBenefit } from "../../../domain/promo-codes.ts";
import type { Executor } from "../../db/executor.ts";
import { placeholders, placeholderValues, runShaped } from "../../db/query-shape.ts";
import * as s from "../../db/schema.ts";
import { CODE_REQUIRED_TEXT, ruleBlocksReserve } from "./errors.ts";
import { heldTickets } from "./release.ts";
import type { CartRow, TicketRow } from "./types.ts";

/** The ticket group meta flag. */
export const CHECKOUT_CODE_REQUIRED = "checkout_code_required";

/** The blocking rule of the cart envelope (cart.blocking_rules). */
export const CODE_REQUIRED_RULE = { code: "code_required", description: CODE_REQUIRED_TEXT } as const;

type HeldTicket = Pick<TicketRow, "ticketGroupId" | "ticketTypeId">;

/** Whether a code's benefit applies to a group: it unlocks the group or names a held type of it. */
export function codeAppliesToGroup(
  benefit: unknown,
  groupId: string,
  heldTypeIds: readonly string[],
): boolean {
  const b = readBenefit(benefit);
  if (b.unlocks_ticket_group_ids?.includes(groupId)) return true;
  const only = b.ticket_type_ids;
  return only !== undefined && heldTypeIds.some((id) => only.includes(id));
}

/**
 * The held groups (first held first) whose meta has checkout_code_required: true and that no code
 * on the cart applies to. `groupMeta` is the ticket_group meta data by group id.
 */
export function groupsAwaitingCode(
  tickets: readonly HeldTicket[],
  groupMeta: ReadonlyMap<string, Record<string, unknown>>,
  codes: readonly { benefit: unknown }[],
): string[] {
  const typesByGroup = new Map<string, string[]>();
  for (const t of tickets) {
    if (groupMeta.get(t.ticketGroupId)?.[CHECKOUT_CODE_REQUIRED] !== true) continue;
    typesByGroup.set(t.ticketGroupId, [...(typesByGroup.get(t.ticketGroupId) ?? []), t.ticketTypeId]);
  }
  return [...typesByGroup]
    .filter(([groupId, types]) => !codes.some((c) => codeAppliesToGroup(c.benefit, groupId, types)))
    .map(([groupId]) => groupId);
}

/**
 * Refuses the checkout of a cart that waits for a code: 409 rule_blocks_reserve, context
 * checkout_rules, _extra {block_reason: "code_required", ticket_group_id}. `cart` is the row the
 * caller's transaction has locked; its tickets are read fresh through `tx`.
 */
export async function assertCheckoutNotBlocked(
  tx: Executor,
  cart: Pick<CartRow, "id" | "sellerId" | "codes">,
  held?: readonly TicketRow[],
): Promise<void> {
  const tickets = held ?? (await heldTickets(tx, cart.id));
  const groupIds = [...new Set(tickets.map((t) => t.ticketGroupId))];
  if (!groupIds.length) return;
  // Built once per count of groups: every checkout asks.
  const metas = await runShaped(
    tx,
    `checkout_group_metas:${groupIds.length}`,
    () =>
      tx
        .select({ resourceId: s.meta.resourceId, data: s.meta.data })
        .from(s.meta)
        .where(
          and(
            eq(s.meta.resource, "ticket_group"),
            inArray(s.meta.resourceId, placeholders("g", groupIds.length)),
          ),
        ),
    placeholderValues("g", groupIds),
    groupIds.length <= 8,
  );
  const groupMeta = new Map(metas.map((m) => [m.resourceId, m.data]));
  if (![...groupMeta.values()].some((data) => data[CHECKOUT_CODE_REQUIRED] === true)) return;
  const codes = cart.codes.length
    ? await tx
        .select({ benefit: s.code.benefit })
        .from(s.code)
        .where(and(eq(s.code.sellerId, cart.sellerId), inArray(s.code.code, cart.codes)))
    : [];
  const [blocked] = groupsAwaitingCode(tickets, groupMeta, codes);
  if (blocked) {
    throw ruleBlocksReserve("code_required", CODE_REQUIRED_TEXT, { ticket_group_id: blocked });
  }
}
