/**
 * The extend-timer prompt (spec 1 §4 "Timer"): at 60 s or less, unless declined for this cart;
 * confirm adds 2 minutes; decline or dismiss sticks; a failure shows an error.
 */
import { formatTimeLeft } from "../../lib/domain/cart-timer.ts";
import { Dialog } from "../ui/Dialog.tsx";
import type { CartClock } from "./cart-clock.ts";
import type { CartTranslate } from "./cart-strings.ts";

export function ExtendCartDialog({ clock, tr }: { clock: CartClock; tr: CartTranslate }) {
  return (
    <Dialog
      open={clock.promptOpen}
      title={tr("cart.extend.title")}
      closeLabel={tr("dialog.close")}
      onClose={clock.decline}
      testId="extend-cart-dialog"
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={clock.decline}>
            {tr("cart.extend.decline")}
          </button>
          <button type="button" className="button" onClick={clock.extend} disabled={clock.extending}>
            {tr("cart.extend.confirm")}
          </button>
        </>
      }
    >
      <p>{tr("cart.extend.body", { time: formatTimeLeft(clock.seconds) })}</p>
      {clock.extendFailed && <p role="alert">{tr("cart.extend.failed")}</p>}
    </Dialog>
  );
}
