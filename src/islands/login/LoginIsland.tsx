/**
 * The /{seller}/login page island (spec 1 §2 "Login screens"): the login flow per the tenant's login
 * modes; 'Enable cookies and reload to login.' when cookies are off; 'Login is disabled' when no
 * mode is usable; with `login` (a suggestion) a continue-as-guest link back to the page. On success
 * the cart is handed over and refreshed (spec 1 §4), then the visitor goes to the redirect path.
 */
import "./login.css";
import { useEffect, useState } from "react";
import { LOGIN_MESSAGE, loginEnabled } from "../../lib/domain/login-input.ts";
import type { LoginPrefill } from "../../lib/domain/login-steps.ts";
import type { ExternalLoginOption } from "./ExternalLoginButton.tsx";
import { LoginFlow } from "./LoginFlow.tsx";
import { afterLogin } from "./login-calls.ts";
import { type LoginStrings, loginTranslator } from "./login-strings.ts";

export interface LoginIslandProps {
  seller: string;
  /** The router base for links: `/{seller}`, or "" on the tenant's own host name. */
  base: string;
  modes: string[];
  strings: LoginStrings;
  prefill: LoginPrefill;
  /** A same-site path (checked on the server). */
  redirect: string;
  /** Set when login was only suggested: the guest may go back here. */
  guestHref: string | null;
  initialError?: string | undefined;
  /** The tenant's external login; null when not configured. */
  external?: ExternalLoginOption | null;
}

export default function LoginIsland(props: LoginIslandProps) {
  const tr = loginTranslator(props.strings);
  const [cookies, setCookies] = useState(true);
  useEffect(() => {
    if (!navigator.cookieEnabled) setCookies(false);
  }, []);

  if (!loginEnabled(props.modes) && !props.external) {
    return (
      <p className="login-alert" role="alert">
        {tr(LOGIN_MESSAGE.loginDisabled)}
      </p>
    );
  }
  if (!cookies) {
    return (
      <p className="login-alert" role="alert">
        {tr(LOGIN_MESSAGE.cookiesDisabled)}
      </p>
    );
  }
  return (
    <>
      {props.guestHref && (
        <p className="login-suggest">
          {tr("login.suggest")} <a href={props.guestHref}>{tr("login.guest.continue")}</a>
        </p>
      )}
      <LoginFlow
        seller={props.seller}
        base={props.base}
        modes={props.modes}
        tr={tr}
        prefill={props.prefill}
        redirectPath={props.redirect}
        showForgot
        level={2}
        readOtpFromUrl
        initialError={props.initialError}
        external={props.external}
        onSuccess={async (answer) => {
          await afterLogin(props.seller, answer);
          location.assign(props.redirect);
        }}
      />
    </>
  );
}
