/** The checkout's message area: an error (an alert) or a success, focused when the message asks. */
import { forwardRef } from "react";
import type { CheckoutMessage } from "./useCheckoutPayment.ts";

export const CheckoutMessageArea = forwardRef<HTMLDivElement, { message: CheckoutMessage }>(
  function CheckoutMessageArea({ message }, ref) {
    return (
      <div
        ref={ref}
        tabIndex={-1}
        className={message ? `checkout-message checkout-message--${message.tone}` : "checkout-message"}
        role={message?.tone === "error" ? "alert" : "status"}
      >
        {message?.lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {message?.link ? (
          <p>
            <a href={message.link.href}>{message.link.text}</a>
          </p>
        ) : null}
      </div>
    );
  },
);
