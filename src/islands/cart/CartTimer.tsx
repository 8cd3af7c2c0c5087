/**
 * The cart timer (spec 1 §4, §9): shows under 20 minutes; its level is carried by text as well as
 * colour; role=timer is silent, and a separate polite live region speaks only when a threshold is
 * crossed, never every second.
 */
import { formatTimeLeft } from "../../lib/domain/cart-timer.ts";
import type { CartClock } from "./cart-clock.ts";
import type { CartTranslate } from "./cart-strings.ts";

interface CartTimerProps {
  clock: CartClock;
  tr: CartTranslate;
}

export function CartTimer({ clock, tr }: CartTimerProps) {
  const levelText = clock.level === "normal" ? "" : tr(`cart.timer.${clock.level}`);
  return (
    <div className={`cart-timer cart-timer--${clock.level}`} hidden={!clock.visible}>
      <p role="timer" aria-label={tr("cart.timer.label")} className="cart-timer__time">
        {tr("cart.timer", { time: formatTimeLeft(clock.seconds) })}
      </p>
      {levelText && <p className="cart-timer__level">{levelText}</p>}
      <p className="visually-hidden" aria-live="polite">
        {clock.visible && clock.announced ? tr(`cart.timer.${clock.announced}`) : ""}
      </p>
    </div>
  );
}
