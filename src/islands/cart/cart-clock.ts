/**
 * The cart timer's clock (spec 1 §4 "Timer"): ticks every second while a cart exists and derives,
 * through the pure rules of cart-timer.ts, what the timer shows, what the live region announces,
 * whether the extension prompt is open, and when the cart has expired (then clears it).
 */
import { useEffect, useRef, useState } from "react";
import {
  type AlertLevel,
  endedByExpiry,
  extensionPromptOpen,
  levelToAnnounce,
  secondsLeft,
  TIMER_TICK_MS,
  type TimerLevel,
  timerLevel,
  timerVisible,
} from "../../lib/domain/cart-timer.ts";
import { type CartSnapshot, clearCart, extendCart } from "../../lib/stores/cart.ts";
import { declineExtension, isExtensionDeclined } from "../../lib/stores/ui.ts";

export interface CartClock {
  seconds: number;
  visible: boolean;
  level: TimerLevel;
  /** The level just crossed into (for the polite live region), else null. */
  announced: AlertLevel | null;
  promptOpen: boolean;
  extending: boolean;
  extendFailed: boolean;
  expired: boolean;
  extend: () => void;
  decline: () => void;
  acknowledgeExpiry: () => void;
}

export function useCartClock(snapshot: CartSnapshot | null): CartClock {
  const [now, setNow] = useState(() => Date.now());
  const [declinedHere, setDeclinedHere] = useState<string | null>(null);
  const [extending, setExtending] = useState(false);
  const [extendFailed, setExtendFailed] = useState(false);
  const [expired, setExpired] = useState(false);
  const [announced, setAnnounced] = useState<AlertLevel | null>(null);
  const lastSnapshot = useRef<CartSnapshot | null>(null);
  const lastLevel = useRef<TimerLevel>("normal");

  const hasCart = snapshot !== null;
  const cartId = snapshot?.envelope.cart._data[0]?.id ?? null;

  useEffect(() => {
    if (!hasCart) return;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), TIMER_TICK_MS);
    return () => window.clearInterval(id);
  }, [hasCart]);

  const seconds = snapshot ? secondsLeft(snapshot.localExpiresAt - now) : 0;
  const level = timerLevel(seconds);
  const visible = timerVisible(seconds);
  // Read on every tick, so a decline in another tab (or before a reload) closes the prompt here too.
  const declined = cartId !== null && (declinedHere === cartId || isExtensionDeclined(cartId));

  useEffect(() => {
    if (!visible) {
      lastLevel.current = "normal";
      return;
    }
    const crossed = levelToAnnounce(lastLevel.current, level);
    lastLevel.current = level;
    if (crossed) setAnnounced(crossed);
  }, [level, visible]);

  // Expiry: this tab's clock ran out, or another tab cleared a cart whose time was up.
  useEffect(() => {
    if (snapshot) {
      lastSnapshot.current = snapshot;
      if (seconds === 0) {
        setExpired(true);
        clearCart();
      }
      return;
    }
    const previous = lastSnapshot.current;
    lastSnapshot.current = null;
    if (previous && endedByExpiry(previous.localExpiresAt, Date.now())) setExpired(true);
  }, [snapshot, seconds]);

  const promptOpen = seconds > 0 && (extending || extensionPromptOpen(seconds, declined));

  return {
    seconds,
    visible,
    level,
    announced,
    promptOpen,
    extending,
    extendFailed,
    expired,
    extend: () => {
      setExtending(true);
      setExtendFailed(false);
      extendCart()
        .then(() => setExtendFailed(false))
        .catch(() => {
          // Spec §8: an extension failure shows an error and logs the cart id (nothing personal).
          console.error("Cart extension failed", { cartId });
          setExtendFailed(true);
        })
        .finally(() => setExtending(false));
    },
    decline: () => {
      if (cartId) {
        declineExtension(cartId);
        setDeclinedHere(cartId);
      }
      setExtendFailed(false);
    },
    acknowledgeExpiry: () => setExpired(false),
  };
}
