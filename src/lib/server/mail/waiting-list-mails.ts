/**
 * The waiting list's mails, in the tenant's words (tenant/strings-waiting-list.ts): `waiting_list_joined`
 * (a place in the line and the leave link) and `waiting_list_offer` (what is held until when, the
 * link to pay, which hands the held cart to the browser, and the link to decline). Links are
 * absolute, on the tenant's mail origin.
 */
import { formatDateTime } from "../../domain/date-format.ts";
import { ordinal } from "../../domain/waiting-list/rules.ts";
import type { Tenant } from "../../tenant/schema.ts";
import { t, waitingListTickets } from "../../tenant/strings.ts";
import { mailOriginFor } from "../tenant-hosts/links.ts";
import { type MailSeller, type MailTenant, paragraphMail, storefrontLink } from "./account-mails.ts";
import { routeInLanguage } from "./mail-language.ts";
import type { OutgoingMail } from "./outbox.ts";

export interface WaitingListMailInput {
  /** The tenant in the entry's language (mail-language.ts): the words, dates and links speak it. */
  tenant: MailTenant & Pick<Tenant, "slug" | "timezone">;
  sellerId: string;
  to: string;
  entryId: string;
  eventName: string;
  sessionStart: Date;
  count: number;
}

const seller = (input: WaitingListMailInput): MailSeller => ({
  id: input.sellerId,
  slug: input.tenant.slug,
  name: input.tenant.name,
  words: input.tenant,
});
const when = (input: WaitingListMailInput, at: Date) =>
  formatDateTime(at, input.tenant.locale, input.tenant.timezone);

export function leaveLink(slug: string, token: string, tenant?: WaitingListMailInput["tenant"]): string {
  return storefrontLink(mailOriginFor(slug), slug, routeInLanguage(tenant, "/waiting-list/leave"), { token });
}

export function joinedMail(
  input: WaitingListMailInput & { position: number; leaveToken: string },
): OutgoingMail {
  const { tenant } = input;
  const vars = {
    event: input.eventName,
    when: when(input, input.sessionStart),
    tickets: waitingListTickets(tenant, input.count),
  };
  return {
    ...paragraphMail(
      seller(input),
      input.to,
      "waiting_list_joined",
      t(tenant, "waitingList.mail.joined.subject", vars),
      [
        { text: t(tenant, "waitingList.mail.joined.body", { ...vars, position: ordinal(input.position) }) },
        { text: t(tenant, "waitingList.notGuarantee") },
        { text: t(tenant, "waitingList.mail.leave"), link: leaveLink(tenant.slug, input.leaveToken, tenant) },
      ],
    ),
    relatedId: input.entryId,
  };
}

export function offerMail(
  input: WaitingListMailInput & { cartId: string; offerToken: string; expiresAt: Date },
): OutgoingMail {
  const { tenant } = input;
  const origin = mailOriginFor(tenant.slug);
  const vars = {
    event: input.eventName,
    when: when(input, input.sessionStart),
    tickets: waitingListTickets(tenant, input.count),
    until: when(input, input.expiresAt),
  };
  const pay = storefrontLink(
    origin,
    tenant.slug,
    routeInLanguage(tenant, `/transfer-cart/${encodeURIComponent(input.cartId)}`),
    {},
  );
  const decline = storefrontLink(origin, tenant.slug, routeInLanguage(tenant, "/waiting-list/offer"), {
    token: input.offerToken,
  });
  return {
    ...paragraphMail(
      seller(input),
      input.to,
      "waiting_list_offer",
      t(tenant, "waitingList.mail.offer.subject", vars),
      [
        { text: t(tenant, "waitingList.mail.offer.body", vars) },
        { text: t(tenant, "waitingList.mail.offer.pay"), link: pay },
        { text: t(tenant, "waitingList.mail.offer.decline"), link: decline },
        { text: t(tenant, "waitingList.mail.offer.after", vars) },
      ],
    ),
    relatedId: input.entryId,
  };
}
