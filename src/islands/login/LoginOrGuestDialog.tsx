/**
 * The login-or-guest modal (spec 1 §2): 'Shop as a Guest' ('You can shop as a guest without having
 * to register.') on one side, a login form without a forgot-password link on the other. The caller
 * never opens it for a logged-in visitor; it closes on login success.
 */
import "./login.css";
import { useId } from "react";
import type { LoginAnswer } from "../../lib/api/auth/schemas.ts";
import { Dialog } from "../ui/Dialog.tsx";
import type { ExternalLoginOption } from "./ExternalLoginButton.tsx";
import { LoginFlow } from "./LoginFlow.tsx";
import type { LoginTranslate } from "./login-strings.ts";

export interface LoginOrGuestDialogProps {
  open: boolean;
  seller: string;
  /** The router base for links; default `/{seller}` ("" on the tenant's own host name). */
  base?: string | undefined;
  modes: readonly string[];
  tr: LoginTranslate;
  /** Where a passcode mail's link lands (this page). */
  redirectPath: string;
  onGuest: () => void;
  /** After the login (the dialog is closed first). */
  onLoggedIn: (answer: LoginAnswer) => Promise<void>;
  onClose: () => void;
  /** The tenant's external login, offered here too; none when not configured. */
  external?: ExternalLoginOption | null | undefined;
}

export function LoginOrGuestDialog(props: LoginOrGuestDialogProps) {
  const { tr } = props;
  const guestId = useId();
  return (
    <Dialog
      open={props.open}
      title={tr("login.dialog.title")}
      closeLabel={tr("dialog.close")}
      onClose={props.onClose}
      testId="login-or-guest"
    >
      {props.open && (
        <div className="login-or-guest">
          <section className="login-or-guest__side" aria-labelledby={guestId}>
            <h3 id={guestId}>{tr("login.guest.title")}</h3>
            <p>{tr("login.guest.body")}</p>
            <button className="button" type="button" onClick={props.onGuest}>
              {tr("login.guest.cta")}
            </button>
          </section>
          <div className="login-or-guest__side">
            <LoginFlow
              seller={props.seller}
              base={props.base}
              modes={props.modes}
              tr={tr}
              prefill={{ email: "", scan_code: "", zip_code: "", last_name: "" }}
              redirectPath={props.redirectPath}
              showForgot={false}
              level={3}
              external={props.external}
              onSuccess={async (answer) => {
                props.onClose();
                await props.onLoggedIn(answer);
              }}
            />
          </div>
        </div>
      )}
    </Dialog>
  );
}
