/**
 * The mobile footer's cart button (spec 1 §2 "Mobile footers", §9 badge '99+'): opens the mobile
 * cart modal. Exported so the reserve footer can show the same button.
 */
import { badgeLabel } from "../../lib/domain/cart-items.ts";
import { openMobileCart } from "../../lib/stores/ui.ts";
import type { CartTranslate } from "./cart-strings.ts";

export function CartButton({ count, tr }: { count: number; tr: CartTranslate }) {
  return (
    <CartButtonView
      count={count}
      label={tr("cart.open")}
      countText={(badge) => tr("cart.open.count", { count: badge })}
    />
  );
}

/** The same button with its texts given, for islands with their own strings (the checkout footer). */
export function CartButtonView(props: {
  count: number;
  label: string;
  countText: (badge: string) => string;
}) {
  const badge = badgeLabel(props.count);
  return (
    <button type="button" className="cart-button" onClick={openMobileCart}>
      {/* The name starts with the visible text (WCAG 2.5.3 label in name); the count is spelled out. */}
      <span>{props.label}</span>
      <span className="cart-button__badge" aria-hidden="true">
        {badge}
      </span>
      <span className="visually-hidden">{props.countText(badge)}</span>
    </button>
  );
}
