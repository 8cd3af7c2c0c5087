/** The checkout without a cart: loading until the store has looked, then the empty cart's page. */
import type { CheckoutTranslate } from "./checkout-strings.ts";
import type { CheckoutMessage } from "./useCheckoutPayment.ts";

export function CheckoutEmpty(props: {
  loading: boolean;
  message: CheckoutMessage;
  base: string;
  tr: CheckoutTranslate;
}) {
  const { tr, message } = props;
  if (props.loading) return <p className="checkout-loading">{tr("checkout.loading")}</p>;
  return (
    <section className="checkout-empty" aria-labelledby="checkout-empty-title">
      <h2 id="checkout-empty-title">{tr("checkout.empty.title")}</h2>
      {message && <p role="alert">{message.lines.join(" ")}</p>}
      <p>{tr("checkout.empty.body")}</p>
      <a className="button" href={`${props.base}/events`}>
        {tr("checkout.empty.cta")}
      </a>
    </section>
  );
}
