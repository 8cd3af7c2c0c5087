/**
 * The cart widget's body (spec 1 §2, §3): items grouped by event and session with a thumbnail,
 * per-type counts and prices, the totals, applied codes, the promo button and proceed to checkout.
 * Shared by the aside and the mobile cart modal; the rules live in src/lib/domain/cart-items.ts.
 */
import type { CartEnvelope } from "../../lib/api/cart/schemas.ts";
import { imageAlt, THUMBNAIL, thumbnailUrl } from "../../lib/api/images.ts";
import { appliedDiscounts, discountIsGift } from "../../lib/domain/cart-discounts.ts";
import { type CartItem, canEnterPromo, cartItems, cartTotals } from "../../lib/domain/cart-items.ts";
import { formatDateIn, formatDateTime } from "../../lib/domain/date-format.ts";
import { AppliedCodeRemove } from "./AppliedCodeRemove.tsx";
import { CartPaymentLines } from "./CartPaymentLines.tsx";
import { CartSeatList } from "./CartSeatList.tsx";
import type { CartTranslate } from "./cart-strings.ts";

export interface CartContentsProps {
  envelope: CartEnvelope;
  tr: CartTranslate;
  money: (minor: number) => string;
  timeZone: string;
  /** The tenant's locale: session dates and times are written its way. */
  locale: string;
  checkoutHref: string;
  showCheckout: boolean;
  busy: boolean;
  onRemove: (item: CartItem) => void;
  onPromo: () => void;
}

/** A session's date and time, or for an all-day session (spec 1 §9) its date, 'all day'. */
const sessionWhen = (start: Date, allDay: boolean, locale: string, zone: string, tr: CartTranslate) =>
  allDay
    ? tr("cart.allDay", { date: formatDateIn(start, locale, zone) })
    : formatDateTime(start, locale, zone);

function CartItemRow({
  item,
  tr,
  money,
  timeZone,
  locale,
  busy,
  onRemove,
}: Pick<CartContentsProps, "tr" | "money" | "timeZone" | "locale" | "busy" | "onRemove"> & {
  item: CartItem;
}) {
  return (
    <li className="cart-item">
      {item.image ? (
        <img
          className="cart-item__image"
          src={thumbnailUrl(item.image)}
          alt={imageAlt(item.imageAlt, tr("image.alt", { name: item.name }))}
          width={THUMBNAIL.width}
          height={THUMBNAIL.height}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="cart-item__image cart-item__image--empty" aria-hidden="true" />
      )}
      <div className="cart-item__body">
        <h3 className="cart-item__name">{item.name}</h3>
        {(item.start || item.dated) && (
          <p className="cart-item__when">
            {item.start
              ? sessionWhen(new Date(item.start), item.allDay, locale, item.timeZone ?? timeZone, tr)
              : tr("cart.anyDate")}
          </p>
        )}
        {item.giftRecipient && (
          <p className="cart-item__recipient">
            {tr("cart.giftRecipient", { name: item.giftRecipient.name })}
          </p>
        )}
        <ul className="cart-item__types">
          {item.types.map((type) => (
            <li key={type.ticketTypeId}>
              <span>
                {item.isMembershipEvent
                  ? tr("cart.membershipLine", { name: type.name })
                  : tr("cart.ticketLine", { count: type.ticketCount, name: type.name })}
              </span>
              <span>{money(type.totalPrice)}</span>
            </li>
          ))}
        </ul>
        <CartSeatList seats={item.types.flatMap((type) => type.seats)} tr={tr} />
      </div>
      <button
        type="button"
        className="cart-item__remove"
        aria-label={tr("cart.remove.label", { name: item.name })}
        disabled={busy}
        onClick={() => onRemove(item)}
      >
        {tr("cart.remove")}
      </button>
    </li>
  );
}

export function CartContents(props: CartContentsProps) {
  const { envelope, tr, money, checkoutHref, showCheckout, busy, onPromo } = props;
  const items = cartItems(envelope);
  const totals = cartTotals(envelope);
  const cart = envelope.cart._data[0];
  if (items.length === 0 || !totals || !cart) return <p className="cart-widget__empty">{tr("cart.empty")}</p>;
  const discounts = appliedDiscounts(cart);
  return (
    <>
      <ul className="cart-items">
        {items.map((item) => (
          <CartItemRow key={item.id} item={item} {...props} />
        ))}
      </ul>
      {discounts.length > 0 && (
        <div className="cart-codes">
          <h3 className="cart-codes__title">{tr("cart.codes")}</h3>
          <ul>
            {discounts.map((line) =>
              line.kind === "code" ? (
                <li key={`code:${line.code}`}>
                  <strong>
                    {/* A code keeps its own order inside a right-to-left line. */}
                    <bdi>{line.code}</bdi>
                  </strong>
                  {line.description ? ` ${line.description}` : ""}
                  {line.discount !== null ? ` (−${money(line.discount)})` : ""}
                  {cart.state === "pending" && <AppliedCodeRemove code={line.code} tr={tr} disabled={busy} />}
                </li>
              ) : line.kind === "gift" ? (
                <li key={`gift:${line.code}`}>
                  {tr("cart.giftMembership", { code: line.code })} −{money(line.discount)}
                </li>
              ) : (
                <li key={line.key}>
                  {line.name} −{money(line.discount)}
                </li>
              ),
            )}
          </ul>
        </div>
      )}
      <dl className="cart-totals">
        <div>
          <dt>{tr("cart.subtotal")}</dt>
          <dd>{money(totals.faceValue)}</dd>
        </div>
        {totals.fees > 0 && (
          <div>
            <dt>{tr("cart.fees")}</dt>
            <dd>{money(totals.fees)}</dd>
          </div>
        )}
        {totals.promoDiscount > 0 && (
          <div>
            <dt>{tr(discountIsGift(cart) ? "cart.discount.gift" : "cart.discount")}</dt>
            <dd>−{money(totals.promoDiscount)}</dd>
          </div>
        )}
        <div className="cart-totals__total">
          <dt>{tr("cart.total")}</dt>
          <dd>{money(totals.total)}</dd>
        </div>
      </dl>
      <CartPaymentLines envelope={envelope} tr={tr} money={money} />
      <div className="cart-widget__actions">
        {canEnterPromo(envelope) && (
          <button type="button" className="button button--secondary" onClick={onPromo} disabled={busy}>
            {tr("promo.button")}
          </button>
        )}
        {showCheckout && (
          <a className="button" href={checkoutHref}>
            {tr("cart.checkout")}
          </a>
        )}
      </div>
    </>
  );
}
