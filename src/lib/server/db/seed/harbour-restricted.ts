/**
 * Harbour Museum events with restricted access: a members-only preview (public_member_only, also
 * unlocked by the PREVIEW code) and a link-only curator's tour with a survey and admit names, whose
 * checkout waits for its booking code (checkout_code_required; the CURATOR code opens it).
 */
import type { TenantBuilder } from "./builders.ts";
import { completedImageMeta, imageMeta } from "./images.ts";

const HM = "harbour-museum";

export function addHarbourRestricted(b: TenantBuilder): void {
  const base = { venueId: "hm-venue", subtitle: null, summary: null };

  // Members-only preview.
  b.event(
    {
      ...base,
      id: "hm-members-preview",
      name: "Members-only preview",
      subtitle: "See the next exhibition before anyone else",
      summary: "An evening viewing for members, with the curators.",
      description: "Members may bring one guest each.",
      category: "Exhibitions",
      eventType: "repeating",
      hiddenType: "public_member_only",
    },
    { reserve_flow: "date_first", ...imageMeta(HM, "members-preview") },
  );
  b.group({
    id: "hm-preview-members",
    eventTemplateId: "hm-members-preview",
    name: "Members",
    description: null,
    handler: "tickets",
    hiddenType: "public_member_only",
    maxTicketsPerOrder: 4,
  });
  b.types("hm-preview-members", [
    { id: "hm-preview-member", name: "Member", currencyAmount: 0 },
    { id: "hm-preview-guest", name: "Member's guest", currencyAmount: 1000 },
  ]);

  // Link-only event.
  b.event(
    {
      ...base,
      id: "hm-hidden-event",
      name: "Curator's private tour",
      summary: "A behind-the-scenes tour of the stores with the chief curator.",
      description: "Small groups only. This page is shared by link.",
      category: "Performances",
      eventType: "repeating",
      hiddenType: "public_link_only",
    },
    { reserve_flow: "date_first", ...imageMeta(HM, "curator-tour") },
  );
  b.group({
    id: "hm-curator-tour",
    eventTemplateId: "hm-hidden-event",
    name: "Tour tickets",
    description: null,
    handler: "tickets",
    hiddenType: "public_link_only",
    maxTicketsPerOrder: 6,
    additionalInfoSpec: {
      properties: {
        access_needs: { type: "string", title: "Any access needs we should know about?", propertyOrder: 1 },
        heard_from: {
          type: "string",
          title: "How did you hear about the tour?",
          enum: ["A friend", "Newsletter", "Social media", "Other"],
          propertyOrder: 2,
        },
      },
      required: ["heard_from"],
    },
  });
  b.types("hm-curator-tour", [{ id: "hm-curator-adult", name: "Adult", currencyAmount: 6000 }]);
  b.meta("ticket_group", "hm-curator-tour", {
    admit_names: "required",
    admit_emails: "optional",
    checkout_code_required: true,
  });
  b.meta("ticket_group", "hm-concert-stalls", { admit_names: "optional" });
  b.meta("seller", HM, {
    default_pad_pre_start: 5,
    default_pad_post_end: 5,
    // The completed order page's message, links and image (spec 2 §3 seller meta completed_*).
    completed_order_message:
      "**Thank you for visiting the Harbour Museum.** Every ticket helps us care for three centuries of ships and the people who sailed them.\n\nThe quayside café opens at 9:30, and the galleries are step-free throughout.",
    completed_order_links: [
      { label: "Plan your visit", url: "/harbour-museum/events" },
      { label: "Become a member", url: "/harbour-museum/membership" },
    ],
    ...completedImageMeta(HM, "special-exhibition"),
    completed_image_offset: 40,
    completed_mobile_image_offset: "50% 30%",
  });
}
