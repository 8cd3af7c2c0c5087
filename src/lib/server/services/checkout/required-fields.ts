/**
 * Spec 1 §5 "Custom identity fields": the checkout form asks the custom fields
 * the cart's ticket groups and event templates name in meta `identity_form`, and the server refuses
 * a checkout whose purchaser lacks a required one (harbour's membership group asks `zip_code`,
 * without which a new member could never log in by member ID + ZIP). The fields come from the same
 * pure functions the checkout island uses (domain/identity-custom-fields.ts); the check runs before
 * the purchaser identity is stored and before any payment, so a refused checkout books and charges
 * nothing and the cart stays pending.
 *
 * Where the purchaser's values are looked for:
 * - a guest: the body's `identity.additional_info` only (what they type now);
 * - a logged-in buyer: the body's top-level `additional_info` over what their identity has stored.
 */
import { and, eq, inArray, or, sql } from "drizzle-orm";
import {
  type CustomFieldSpec,
  cartIdentityForm,
  type MetaLike,
  missingRequiredFields,
} from "../../../domain/identity-custom-fields.ts";
import { getTenant } from "../../../tenant/load.ts";
import { t } from "../../../tenant/strings.ts";
import type { Tx } from "../../db/executor.ts";
import { placeholders, placeholderValues, runShaped } from "../../db/query-shape.ts";
import * as s from "../../db/schema.ts";
import { validationFailed } from "../../errors/api-error.ts";
import type { TicketRow } from "../cart/types.ts";

/** The custom fields the held tickets' groups and templates ask for (the island's union). */
export async function cartCustomFields(
  tx: Tx,
  sellerId: string,
  tickets: readonly Pick<TicketRow, "ticketGroupId" | "eventTemplateId">[],
): Promise<CustomFieldSpec[]> {
  const groupIds = [...new Set(tickets.map((ticket) => ticket.ticketGroupId))];
  const templateIds = [...new Set(tickets.map((ticket) => ticket.eventTemplateId))];
  if (!groupIds.length && !templateIds.length) return [];
  // Built once per count of groups and templates (a cart holds few).
  const rows = await runShaped(
    tx,
    `cart_custom_fields:${groupIds.length}:${templateIds.length}`,
    () =>
      tx
        .select()
        .from(s.meta)
        .where(
          and(
            eq(s.meta.sellerId, sql.placeholder("seller")),
            or(
              and(
                eq(s.meta.resource, "ticket_group"),
                inArray(s.meta.resourceId, placeholders("g", groupIds.length)),
              ),
              and(
                eq(s.meta.resource, "event_template"),
                inArray(s.meta.resourceId, placeholders("t", templateIds.length)),
              ),
            ),
          ),
        ),
    { seller: sellerId, ...placeholderValues("g", groupIds), ...placeholderValues("t", templateIds) },
    groupIds.length + templateIds.length <= 8,
  );
  // The meta as the cart envelope serves it to the island: data flattened next to the link fields.
  const metas: MetaLike[] = rows.map((row) => ({
    ...row.data,
    resource: row.resource,
    resource_id: row.resourceId,
  }));
  return cartIdentityForm(metas, groupIds, templateIds).fields;
}

/** A logged-in buyer's stored custom fields (their identity's additional_info). */
export async function storedAdditionalInfo(tx: Tx, identityId: string): Promise<Record<string, unknown>> {
  const [row] = await tx
    .select({ additionalInfo: s.identity.additionalInfo })
    .from(s.identity)
    .where(eq(s.identity.id, identityId));
  return row?.additionalInfo ?? {};
}

/**
 * Refuses (400 validation_failed) a purchaser lacking a required custom field: `_extra.field` names
 * the first one's path in the body (`identity.additional_info.zip_code` for a guest,
 * `additional_info.zip_code` for a logged-in buyer), `_extra.missing` lists every missing key, and
 * the description names the field by its checkout label ("ZIP code is required."). Read-only
 * fields are left out as the form leaves them out: the buyer cannot fill them in.
 */
export function assertRequiredCustomFields(
  fields: readonly CustomFieldSpec[],
  info: Record<string, unknown> | null | undefined,
  path: "identity.additional_info" | "additional_info",
  sellerSlug: string,
): void {
  const missing = missingRequiredFields(fields, info).filter((field) => !field.readOnly);
  const first = missing[0];
  if (!first) return;
  const tenant = getTenant(sellerSlug);
  const label = t(tenant, `checkout.identity.custom.${first.key}`);
  throw validationFailed(
    t(tenant, "checkout.error.customRequired", { field: label }),
    { field: `${path}.${first.key}`, missing: missing.map((field) => field.key) },
    "checkout",
  );
}
