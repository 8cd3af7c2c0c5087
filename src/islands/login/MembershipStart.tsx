/**
 * The start of the membership purchase on a membership event page (spec 1 §4 "Membership form":
 * gifting with an empty cart and not logged in opens the login-or-guest modal; guests may gift after
 * it, spec 1 §6). A visitor who is not logged in chooses 'Shop as a Guest' or logs in; a logged-in
 * visitor goes straight on. Going on dispatches `foyer:membership-start` (detail: { as, action })
 * for the membership form and moves focus to the membership levels.
 */
import "./login.css";
import { useEffect, useState } from "react";
import { loginEnabled } from "../../lib/domain/login-input.ts";
import type { ExternalLoginOption } from "./ExternalLoginButton.tsx";
import { LoginOrGuestDialog } from "./LoginOrGuestDialog.tsx";
import { afterLogin } from "./login-calls.ts";
import { type LoginStrings, loginTranslator } from "./login-strings.ts";

export interface MembershipStartProps {
  seller: string;
  modes: string[];
  strings: LoginStrings;
  loggedIn: boolean;
  /** The event route's action (gift, renew) or null. */
  action: string | null;
  /** The id of the element that lists the levels (focused when the purchase starts). */
  targetId: string;
  /** This page's path (a passcode mail's link lands here). */
  path: string;
  /** The tenant's external login; none when not configured. */
  external?: ExternalLoginOption | null;
}

const CONTINUE_KEY = "foyer.membership.continue";

export default function MembershipStart(props: MembershipStartProps) {
  const tr = loginTranslator(props.strings);
  const [open, setOpen] = useState(false);

  // Bumped on each start; the effect below runs after the dialog's own (a child's effects run
  // first), so the focus lands on the levels, not back on the button the dialog returns it to.
  const [started, setStarted] = useState(0);

  function start(as: "guest" | "user") {
    setOpen(false);
    setStarted((n) => n + 1);
    window.dispatchEvent(new CustomEvent("foyer:membership-start", { detail: { as, action: props.action } }));
  }

  useEffect(() => {
    if (started === 0) return;
    const target = document.getElementById(props.targetId);
    if (!target) return;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus();
    target.scrollIntoView({ block: "start" });
  }, [started, props.targetId]);

  // After a login in the modal the page reloads (the header and prices are the member's): go on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount, after the reload.
  useEffect(() => {
    let pending = false;
    try {
      pending = sessionStorage.getItem(CONTINUE_KEY) === props.path;
      sessionStorage.removeItem(CONTINUE_KEY);
    } catch {
      pending = false;
    }
    if (pending && props.loggedIn) start("user");
  }, []);

  const label = props.action === "gift" ? tr("membership.start.gift") : tr("membership.start");
  return (
    <div className="membership-start">
      <button
        className="button"
        type="button"
        onClick={() => {
          if (props.loggedIn) start("user");
          else if (!loginEnabled(props.modes)) start("guest");
          else setOpen(true);
        }}
      >
        {label}
      </button>
      <LoginOrGuestDialog
        open={open}
        seller={props.seller}
        modes={props.modes}
        tr={tr}
        redirectPath={props.path}
        external={props.external}
        onGuest={() => start("guest")}
        onClose={() => setOpen(false)}
        onLoggedIn={async (answer) => {
          await afterLogin(props.seller, answer);
          try {
            sessionStorage.setItem(CONTINUE_KEY, props.path);
          } catch {
            // Without storage the visitor presses the button again.
          }
          location.reload();
        }}
      />
    </div>
  );
}
