/**
 * The cart widget island of the listing and event pages (spec 1 §2, §4): the cart aside with the
 * timer, the mobile footer button and cart modal below 40em, the remove, promo, extend, expired
 * and discard-or-checkout modals, and (on the listing) the upsell behaviour. It reads the shared
 * cart store; every change goes through the store's actions and shows only the server's answer.
 */
import { useStore } from "@nanostores/react";
import { startTransition, useEffect, useMemo, useState } from "react";
import { type CartItem, cartItems, cartTotals, ticketCount } from "../../lib/domain/cart-items.ts";
import { formatMoney } from "../../lib/domain/money.ts";
import { $cart, $cartBusy, $cartChecked, type CartSnapshot, initCart } from "../../lib/stores/cart.ts";
import { $discardPrompt, $mobileCartOpen, closeMobileCart } from "../../lib/stores/ui.ts";
import { CartButton } from "./CartButton.tsx";
import { CartContents } from "./CartContents.tsx";
import { CartExpiredDialog } from "./CartExpiredDialog.tsx";
import { CartTimer } from "./CartTimer.tsx";
import { useCartClock } from "./cart-clock.ts";
import { type CartStrings, cartTranslator } from "./cart-strings.ts";
import { DiscardOrCheckoutDialog } from "./DiscardOrCheckoutDialog.tsx";
import { ExtendCartDialog } from "./ExtendCartDialog.tsx";
import { MobileCartDialog } from "./MobileCartDialog.tsx";
import { OnceOpened } from "./OnceOpened.tsx";
import { PromoCodeDialog } from "./PromoCodeDialog.tsx";
import { RemoveItemDialog } from "./RemoveItemDialog.tsx";
import { useUpsellListing } from "./upsell-listing.ts";

export interface CartWidgetProps {
  seller: string;
  /** The router base for links: `/{seller}`, or "" on the tenant's own host name. */
  base: string;
  tagManagerId?: string | undefined;
  currency: string;
  locale: string;
  /** The tenant's time zone, for sessions whose venue is not embedded. */
  timeZone: string;
  strings: CartStrings;
  /** Proceed to checkout is hidden in the mobile modal when already on checkout. */
  onCheckoutPage?: boolean;
  /** The listing page: acts as the upsell listing while the cart has items. */
  upsell?: boolean;
  /** Below 40em, a footer with the cart button (off where another footer holds it). */
  mobileFooter?: boolean;
}

/**
 * Until hydration finishes the widget renders as the server did (no cart), so nothing mismatches.
 * The render that then shows the cart is a transition: it yields to the browser as it builds the
 * cart's lines instead of blocking it (checkout's total blocking time).
 */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}

export default function CartWidget(props: CartWidgetProps) {
  const { seller, tagManagerId, currency, locale, timeZone, strings } = props;
  const hydrated = useHydrated();
  const stored = useStore($cart);
  const busy = useStore($cartBusy);
  const checked = useStore($cartChecked);
  const mobileOpen = useStore($mobileCartOpen);
  const discardPrompt = useStore($discardPrompt);
  const snapshot: CartSnapshot | null = hydrated ? stored : null;
  const tr = useMemo(() => cartTranslator(strings), [strings]);
  const money = useMemo(() => (minor: number) => formatMoney(minor, currency, locale), [currency, locale]);
  const [removing, setRemoving] = useState<CartItem | null>(null);
  const [promoOpen, setPromoOpen] = useState(false);
  const clock = useCartClock(snapshot);

  useEffect(() => {
    initCart({ seller, ...(tagManagerId ? { tagManagerId } : {}) });
  }, [seller, tagManagerId]);

  const envelope = snapshot?.envelope;
  const cartId = envelope?.cart._data[0]?.id ?? null;
  const checkoutHref = cartId ? `${props.base}/checkout/${encodeURIComponent(cartId)}` : null;
  const items = envelope ? cartItems(envelope) : [];
  const count = ticketCount(envelope);
  const totals = envelope ? cartTotals(envelope) : null;
  useUpsellListing(props.upsell === true && hydrated, snapshot, checked, `${props.base}/checkout`);

  // A cart that ends (expired, deleted, booked) closes the modals that act on it.
  useEffect(() => {
    if (count > 0) return;
    setRemoving(null);
    setPromoOpen(false);
    closeMobileCart();
  }, [count]);

  const contents = (showCheckout: boolean) =>
    envelope &&
    checkoutHref && (
      <CartContents
        envelope={envelope}
        tr={tr}
        money={money}
        timeZone={timeZone}
        locale={locale}
        checkoutHref={checkoutHref}
        showCheckout={showCheckout}
        busy={busy}
        onRemove={setRemoving}
        onPromo={() => setPromoOpen(true)}
      />
    );

  return (
    <div className="cart-widget" data-hydrated={hydrated ? "true" : undefined}>
      <section className="cart-widget__panel" aria-labelledby="cart-widget-title">
        <h2 id="cart-widget-title" className="cart-widget__title">
          {tr("cart.title")}
        </h2>
        {snapshot && <CartTimer clock={clock} tr={tr} />}
        {contents(!props.onCheckoutPage) || <p className="cart-widget__empty">{tr("cart.empty")}</p>}
      </section>
      {props.mobileFooter !== false && count > 0 && (
        <div className="cart-footer">
          <CartButton count={count} tr={tr} />
          {snapshot && <CartTimer clock={clock} tr={tr} />}
        </div>
      )}
      {/* Where the reserve footer holds the cart button, small screens still see the timer above it. */}
      {props.mobileFooter === false && count > 0 && snapshot && (
        <div className="cart-timer-strip">
          <CartTimer clock={clock} tr={tr} />
        </div>
      )}
      <OnceOpened open={mobileOpen && count > 0}>
        <MobileCartDialog
          open={mobileOpen && count > 0}
          onClose={closeMobileCart}
          tr={tr}
          amountDue={totals ? money(totals.amountDue) : ""}
          checkoutHref={props.onCheckoutPage ? null : checkoutHref}
          eventsHref={`${props.base}/events`}
        >
          {contents(false)}
        </MobileCartDialog>
      </OnceOpened>
      <OnceOpened open={removing !== null}>
        <RemoveItemDialog item={removing} items={items} onClose={() => setRemoving(null)} tr={tr} />
      </OnceOpened>
      <OnceOpened open={promoOpen}>
        <PromoCodeDialog open={promoOpen} onClose={() => setPromoOpen(false)} strings={strings} tr={tr} />
      </OnceOpened>
      <OnceOpened open={clock.promptOpen}>
        <ExtendCartDialog clock={clock} tr={tr} />
      </OnceOpened>
      <OnceOpened open={clock.expired}>
        <CartExpiredDialog open={clock.expired} onClose={clock.acknowledgeExpiry} tr={tr} />
      </OnceOpened>
      <OnceOpened open={discardPrompt !== null}>
        <DiscardOrCheckoutDialog checkoutHref={checkoutHref} tr={tr} />
      </OnceOpened>
    </div>
  );
}
