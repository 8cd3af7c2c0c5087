/**
 * Read envelopes of the calls the storefront makes, and helpers that join the sibling embeds
 * (meta, config, venue, ticket groups and types) back to their parents by id.
 */
import { z } from "zod";
import { foldMeta } from "./meta.ts";
import {
  collection,
  configResource,
  type EventMeta,
  type EventTemplate,
  eventMetaData,
  eventSessionResource,
  eventTemplateResource,
  messageRuleResource,
  metaResource,
  type TicketGroup,
  type TicketType,
  ticketGroupResource,
  ticketTypeResource,
  type Venue,
  venueResource,
} from "./schemas.ts";

const embeds = {
  meta: collection(metaResource).optional(),
  config: collection(configResource).optional(),
  venue: collection(venueResource).optional(),
  ticket_group: collection(ticketGroupResource).optional(),
  ticket_type: collection(ticketTypeResource).optional(),
  event_session: collection(eventSessionResource).optional(),
  message_rule: collection(messageRuleResource).optional(),
};

/** The envelope of events/available and of events/{id} (the same shape). */
export const eventListEnvelope = z.object({ event_template: collection(eventTemplateResource), ...embeds });
export const configEnvelope = z.object({ config: collection(configResource) });

type EventEnvelope = z.infer<typeof eventListEnvelope>;

/** The well-known meta of one resource; unknown keys are kept in `raw`. */
export function metaOf(
  envelope: EventEnvelope,
  resourceId: string,
): { meta: EventMeta; raw: Record<string, unknown> } {
  const raw = foldMeta(envelope.meta?._data, resourceId);
  const parsed = eventMetaData.safeParse(raw);
  return { meta: parsed.success ? parsed.data : {}, raw };
}

export function configOf(envelope: EventEnvelope, resourceId: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const c of envelope.config?._data ?? []) if (c.resource_id === resourceId) out.set(c.key, c.value);
  return out;
}

export function venueOf(envelope: EventEnvelope, event: EventTemplate): Venue | undefined {
  return envelope.venue?._data.find((v) => v.id === event.venue_id);
}

export function ticketGroupsOf(envelope: EventEnvelope, eventId: string): TicketGroup[] {
  return (envelope.ticket_group?._data ?? [])
    .filter((g) => g.event_template_id === eventId)
    .sort((a, b) => a._rank - b._rank);
}

export function ticketTypesOf(envelope: EventEnvelope, eventId: string): TicketType[] {
  const groups = new Set(ticketGroupsOf(envelope, eventId).map((g) => g.id));
  return (envelope.ticket_type?._data ?? []).filter((t) => groups.has(t.ticket_group_id));
}
