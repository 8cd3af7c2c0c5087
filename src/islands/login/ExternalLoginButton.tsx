/**
 * 'Log in with {label}' (external login through the tenant's OpenID Connect provider):
 * a link to the start call, so it works from the keyboard and without JavaScript; on click the
 * visitor's cart id is added, so the cart is handed over at the login like a password login's.
 * Shown only when the tenant configures external login (the page passes `option` or nothing).
 */
import type { MouseEvent } from "react";
import { externalLoginStartHref } from "../../lib/domain/external-login/outcome.ts";
import { localCartId } from "./login-calls.ts";
import type { LoginTranslate } from "./login-strings.ts";

export interface ExternalLoginOption {
  label: string;
  /** The same-site path to return to after the login. */
  returnPath: string;
}

export function ExternalLoginButton(props: {
  seller: string;
  option: ExternalLoginOption;
  tr: LoginTranslate;
  /** The divider after it, when other login forms follow. */
  divider: boolean;
}) {
  const { seller, option, tr } = props;
  const href = externalLoginStartHref(seller, option.returnPath);
  const withCart = (event: MouseEvent<HTMLAnchorElement>) => {
    const cartId = localCartId(seller);
    if (cartId) event.currentTarget.href = externalLoginStartHref(seller, option.returnPath, cartId);
  };
  return (
    <div className="login-external">
      <a className="button login-external__button" href={href} onClick={withCart}>
        {tr("login.external.button", { label: option.label })}
      </a>
      {props.divider && (
        <p className="login-external__or">
          <span>{tr("login.external.or")}</span>
        </p>
      )}
    </div>
  );
}
