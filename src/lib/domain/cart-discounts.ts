/**
 * What a cart lists under 'Applied codes' and how its totals name the discount. A redeemed gift of
 * membership (cart.redeemMembership) takes its value off the level as a code's cart mod, but it is
 * neither an applied promo code nor a promo: it gets its own line ('Gift of membership {code}') and,
 * when it is the only discount, the totals call it that instead of 'Promo discount'. Regression
 * guard: the heading showed with nothing under it, and the gift read as a promo.
 */
import { apiMoneyMinor } from "./money.ts";

export interface DiscountCart {
  codes: readonly { code: string; description: string | null }[];
  cart_mods: readonly { name: string; discount: string; resource: string; resource_id: string }[];
  redeemMembership?: string | null | undefined;
}

export type DiscountLine =
  | { kind: "code"; code: string; description: string | null; discount: number | null }
  | { kind: "gift"; code: string; discount: number }
  | { kind: "mod"; key: string; name: string; discount: number };

const sameCode = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

export function appliedDiscounts(cart: DiscountCart): DiscountLine[] {
  const gift = cart.redeemMembership?.trim() || null;
  const codeMod = (code: string) =>
    cart.cart_mods.find((m) => m.resource === "code" && sameCode(m.name, code));
  const lines: DiscountLine[] = cart.codes
    .filter((c) => !(gift && sameCode(c.code, gift)))
    .map((c) => {
      const mod = codeMod(c.code);
      return {
        kind: "code",
        code: c.code,
        description: c.description,
        discount: mod ? apiMoneyMinor(mod.discount) : null,
      };
    });
  const giftMod = gift ? codeMod(gift) : undefined;
  if (gift && giftMod) lines.push({ kind: "gift", code: gift, discount: apiMoneyMinor(giftMod.discount) });
  for (const mod of cart.cart_mods) {
    if (mod.resource === "code") continue;
    lines.push({
      kind: "mod",
      key: `${mod.resource}:${mod.resource_id}`,
      name: mod.name,
      discount: apiMoneyMinor(mod.discount),
    });
  }
  return lines;
}

/** Whether the cart's whole discount is its redeemed gift of membership (the totals' label). */
export function discountIsGift(cart: DiscountCart): boolean {
  const lines = appliedDiscounts(cart);
  return lines.length > 0 && lines.every((line) => line.kind === "gift");
}
