/**
 * The captcha privacy notice under the checkout form (spec 2 §2, §5): the provider's name and links
 * to its privacy policy and terms (domain/captcha-notice.ts), in the tenant's words.
 */
import { captchaNoticeParts } from "../../lib/domain/captcha-notice.ts";
import type { CheckoutTranslate } from "./checkout-strings.ts";

export function CaptchaNotice({ tr }: { tr: CheckoutTranslate }) {
  const parts = captchaNoticeParts(tr("checkout.captcha"), {
    privacy: tr("checkout.captcha.privacy"),
    terms: tr("checkout.captcha.terms"),
  });
  return (
    <p className="checkout-captcha muted" data-testid="captcha-notice">
      {parts.map((part, i) =>
        part.kind === "link" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts are fixed for one template.
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts are fixed for one template.
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
