/**
 * The mobile footer's cart button (spec 1 §2 "Mobile footers", §9 badge '99+'): opens the mobile
 * cart modal. Exported so the reserve footer can show the same button.
 */
import { badgeLabel } from "../../lib/domain/cart-items.ts";
import { openMobileCart } from "../../lib/stores/ui.ts";
import type { CartTranslate } from "./cart-strings.ts";

export function CartButton({ count, tr }: { count: number; tr: CartTranslate }) {
  const badge = badgeLabel(count);
  return (
    <button type="button" className="cart-button" onClick={openMobileCart}>
      {/* The name starts with the visible text (WCAG 2.5.3 label in name); the count is spelled out. */}
      <span>{tr("cart.open")}</span>
      <span className="cart-button__badge" aria-hidden="true">
        {badge}
      </span>
      <span className="visually-hidden">{tr("cart.open.count", { count: badge })}</span>
    </button>
  );
}
