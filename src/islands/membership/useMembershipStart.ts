/**
 * The membership form's start: whether its fields wait behind the start button (the cart question
 * for a gift, the login-or-guest modal), the modal's state, and the choice to go on as a guest or
 * after a login (remembered for the tab, see session-flags.ts). The rule is membershipGate.
 */
import { useEffect, useState } from "react";
import type { LoginAnswer } from "../../lib/api/auth/schemas.ts";
import { loginEnabled } from "../../lib/domain/login-input.ts";
import { membershipGate } from "../../lib/domain/membership/form.ts";
import { requestDiscardOrCheckout } from "../../lib/stores/ui.ts";
import type { FormText } from "./form-text.ts";
import type { MembershipFormProps } from "./props.ts";
import { CONTINUE_KEY, GUEST_KEY, readFlag, writeFlag } from "./session-flags.ts";

export function useMembershipStart(
  props: MembershipFormProps,
  options: { cartHasTickets: boolean; text: FormText; focusForm: () => void },
) {
  const { cartHasTickets, text, focusForm } = options;
  const [loginOpen, setLoginOpen] = useState(false);
  const [guest, setGuest] = useState(false);
  const [started, setStarted] = useState(props.loggedIn && props.action !== "gift");

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount.
  useEffect(() => {
    setGuest(readFlag(GUEST_KEY) === props.seller);
    if (props.loggedIn && readFlag(CONTINUE_KEY) === props.path) {
      writeFlag(CONTINUE_KEY, null);
      setStarted(true);
      focusForm();
    }
  }, []);

  const gate = (hasTickets: boolean) =>
    membershipGate({
      action: props.action,
      loggedIn: props.loggedIn,
      guest,
      cartHasTickets: hasTickets,
      loginEnabled: loginEnabled(props.loginModes),
    });
  const { cartAction, login } = gate(cartHasTickets);
  const gated = !started && (cartAction || login);

  async function start() {
    if (cartAction) {
      const choice = await requestDiscardOrCheckout({
        title: text("membershipForm.giftPrompt.title"),
        message: text("membershipForm.giftPrompt.message"),
      });
      if (choice !== "discarded") return;
      // The cart is empty now: the modal, if a visitor without a login would meet it.
      if (gate(false).login) {
        setLoginOpen(true);
        return;
      }
    } else if (login) {
      setLoginOpen(true);
      return;
    }
    setStarted(true);
    focusForm();
  }

  function goOnAsGuest() {
    writeFlag(GUEST_KEY, props.seller);
    setGuest(true);
    setLoginOpen(false);
    setStarted(true);
    focusForm();
  }

  async function afterLoggedIn(answer: LoginAnswer) {
    const { afterLogin } = await import("../login/login-calls.ts");
    await afterLogin(props.seller, answer);
    // The page reloads as the member (header, prices); the form goes on and prefills again.
    writeFlag(CONTINUE_KEY, props.path);
    location.reload();
  }

  return {
    gated,
    start,
    loginOpen,
    closeLogin: () => setLoginOpen(false),
    goOnAsGuest,
    afterLoggedIn,
  };
}
