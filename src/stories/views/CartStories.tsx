/**
 * The cart widget at each timer level and empty, and every cart dialog shown open. The cart comes
 * from the fixture envelope; the timers get fixed clocks (no ticking, so screenshots are stable).
 */
import { useMemo, useState } from "react";
import { CartContents } from "../../islands/cart/CartContents.tsx";
import { CartExpiredDialog } from "../../islands/cart/CartExpiredDialog.tsx";
import { CartTimer } from "../../islands/cart/CartTimer.tsx";
import type { CartClock } from "../../islands/cart/cart-clock.ts";
import { cartTranslator } from "../../islands/cart/cart-strings.ts";
import { DiscardOrCheckoutDialog } from "../../islands/cart/DiscardOrCheckoutDialog.tsx";
import { ExtendCartDialog } from "../../islands/cart/ExtendCartDialog.tsx";
import { MobileCartDialog } from "../../islands/cart/MobileCartDialog.tsx";
import { PromoCodeDialog } from "../../islands/cart/PromoCodeDialog.tsx";
import { RemoveItemDialog } from "../../islands/cart/RemoveItemDialog.tsx";
import { cartItems, cartTotals } from "../../lib/domain/cart-items.ts";
import { type TimerLevel, timerLevel } from "../../lib/domain/cart-timer.ts";
import { formatMoney } from "../../lib/domain/money.ts";
import { requestDiscardOrCheckout } from "../../lib/stores/ui.ts";
import type { StoryData } from "../fixtures/index.ts";
import { Frame } from "./Frame.tsx";

const noop = () => undefined;

/** A clock stopped at `seconds` left (the real one ticks every second). */
export function fixedClock(seconds: number, extra: Partial<CartClock> = {}): CartClock {
  return {
    seconds,
    visible: true,
    level: timerLevel(seconds),
    announced: null,
    promptOpen: false,
    extending: false,
    extendFailed: false,
    expired: false,
    extend: noop,
    decline: noop,
    acknowledgeExpiry: noop,
    ...extra,
  };
}

const TIMER_LEVELS: [TimerLevel, number][] = [
  ["normal", 14 * 60 + 32],
  ["warning", 4 * 60 + 10],
  ["error", 95],
  ["critical", 22],
];

function useCart(data: StoryData) {
  const tr = useMemo(() => cartTranslator(data.strings.cart), [data.strings.cart]);
  const money = useMemo(
    () => (minor: number) => formatMoney(minor, data.currency, data.locale),
    [data.currency, data.locale],
  );
  const items = useMemo(() => cartItems(data.cart), [data.cart]);
  const totals = cartTotals(data.cart);
  const contents = (showCheckout: boolean) => (
    <CartContents
      envelope={data.cart}
      tr={tr}
      money={money}
      timeZone={data.timezone}
      locale={data.locale}
      checkoutHref={`${data.base}/checkout/story-cart`}
      showCheckout={showCheckout}
      busy={false}
      onRemove={noop}
      onPromo={noop}
    />
  );
  return { tr, money, items, totals, contents };
}

export function CartWidgetStory({ data }: { data: StoryData }) {
  const { tr, contents } = useCart(data);
  return (
    <>
      {TIMER_LEVELS.map(([level, seconds]) => (
        <Frame key={level} title={`Timer level: ${level}`}>
          <div className="cart-widget">
            <section className="cart-widget__panel" aria-label={`${tr("cart.title")} (${level})`}>
              <p className="cart-widget__title">{tr("cart.title")}</p>
              <CartTimer clock={fixedClock(seconds)} tr={tr} />
              {level === "normal" && contents(true)}
            </section>
          </div>
        </Frame>
      ))}
      <Frame title="Empty">
        <div className="cart-widget">
          <section className="cart-widget__panel" aria-label={`${tr("cart.title")} (empty)`}>
            <p className="cart-widget__title">{tr("cart.title")}</p>
            <p className="cart-widget__empty">{tr("cart.empty")}</p>
          </section>
        </div>
      </Frame>
    </>
  );
}

export function RemoveItemStory({ data }: { data: StoryData }) {
  const { tr, items } = useCart(data);
  return <RemoveItemDialog item={items[0] ?? null} items={items} onClose={noop} tr={tr} />;
}

export function PromoCodeStory({ data }: { data: StoryData }) {
  const { tr } = useCart(data);
  return <PromoCodeDialog open onClose={noop} strings={data.strings.cart} tr={tr} />;
}

export function ExtendCartStory({ data }: { data: StoryData }) {
  const { tr } = useCart(data);
  return <ExtendCartDialog clock={fixedClock(45, { promptOpen: true, extendFailed: true })} tr={tr} />;
}

export function CartExpiredStory({ data }: { data: StoryData }) {
  const { tr } = useCart(data);
  return <CartExpiredDialog open onClose={noop} tr={tr} />;
}

export function DiscardOrCheckoutStory({ data }: { data: StoryData }) {
  const { tr } = useCart(data);
  // The prompt store is seeded before the dialog first reads it (it opens on the first render).
  useState(() => {
    if (typeof window !== "undefined") void requestDiscardOrCheckout();
    return null;
  });
  return <DiscardOrCheckoutDialog checkoutHref={`${data.base}/checkout/story-cart`} tr={tr} />;
}

export function MobileCartStory({ data }: { data: StoryData }) {
  const { tr, money, totals, contents } = useCart(data);
  return (
    <MobileCartDialog
      open
      onClose={noop}
      tr={tr}
      amountDue={totals ? money(totals.amountDue) : ""}
      checkoutHref={`${data.base}/checkout/story-cart`}
      eventsHref={`${data.base}/events`}
    >
      {contents(false)}
    </MobileCartDialog>
  );
}
