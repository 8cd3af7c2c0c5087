/**
 * The gift card's recipient (its name, e-mail and message, which gift card lines once lacked).
 * A gift card group (handler ledger) asks for them with its survey
 * (additional_info_spec, spec 1 §3), so they travel as the cart's additional info keyed by the
 * ticket group id (spec 1 §3 "Cart modify payload: additionalInfo (survey answers keyed by ticket
 * group id)") and come back with the cart and its order. These are the answer keys.
 */
export const GIFT_RECIPIENT_KEYS = {
  name: "recipient_name",
  email: "recipient_email",
  message: "recipient_message",
} as const;

export interface GiftRecipient {
  name: string;
  email: string | null;
  message: string | null;
}

/** The recipient answered for one ticket group, or null when no recipient name was given. */
export function giftRecipientOf(additionalInfo: unknown, groupId: string): GiftRecipient | null {
  if (typeof additionalInfo !== "object" || additionalInfo === null) return null;
  const answers: unknown = Object.hasOwn(additionalInfo, groupId)
    ? (additionalInfo as Record<string, unknown>)[groupId]
    : undefined;
  if (typeof answers !== "object" || answers === null) return null;
  const read = (key: string) => {
    const value: unknown = Object.hasOwn(answers, key)
      ? (answers as Record<string, unknown>)[key]
      : undefined;
    return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
  };
  const name = read(GIFT_RECIPIENT_KEYS.name);
  if (!name) return null;
  return { name, email: read(GIFT_RECIPIENT_KEYS.email), message: read(GIFT_RECIPIENT_KEYS.message) };
}

/** The survey a gift card group asks (seeded on the demo tenants' gift card groups). */
export function giftRecipientSurvey(titles: { name: string; email: string; message: string }) {
  return {
    properties: {
      [GIFT_RECIPIENT_KEYS.name]: { type: "string", title: titles.name, propertyOrder: 1 },
      [GIFT_RECIPIENT_KEYS.email]: { type: "string", format: "email", title: titles.email, propertyOrder: 2 },
      [GIFT_RECIPIENT_KEYS.message]: { type: "string", title: titles.message, propertyOrder: 3 },
    },
    required: [GIFT_RECIPIENT_KEYS.name, GIFT_RECIPIENT_KEYS.email],
  };
}

/** The demo tenants' titles for those questions (survey titles are tenant data, spec 1 §3). */
export const GIFT_RECIPIENT_TITLES = {
  name: "Recipient's name",
  email: "Recipient's e-mail",
  message: "Message for the recipient",
};
