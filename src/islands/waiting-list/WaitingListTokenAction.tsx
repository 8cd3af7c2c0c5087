/**
 * One button a mail's link leads to: leave the waiting list (the leave link), or decline a held
 * offer so its places go to the next person (the offer link). The link's GET changes nothing; the
 * button sends the token.
 */
import { type FormEvent, useRef, useState } from "react";
import { browserClient } from "../../lib/api/browser.ts";
import { failureOf, shopperMessage } from "../../lib/api/errors.ts";
import { waitingListApi } from "../../lib/api/waiting-list/client.ts";
import { IslandForm } from "../ui/IslandForm.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import { refusalText, type WaitingListTokenProps } from "./props.ts";

export interface WaitingListTokenActionProps extends WaitingListTokenProps {
  action: "leave" | "decline";
}

const TEXTS = {
  leave: { label: "waitingList.leave", busy: "waitingList.leaving", done: "waitingList.left" },
  decline: {
    label: "waitingList.offer.decline",
    busy: "waitingList.offer.declining",
    done: "waitingList.offer.declined",
  },
} as const;

export default function WaitingListTokenAction({
  seller,
  token,
  strings,
  action,
}: WaitingListTokenActionProps) {
  const texts = TEXTS[action];
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const status = useRef<HTMLParagraphElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setAlert(null);
    try {
      const api = waitingListApi(browserClient(), seller);
      await (action === "leave" ? api.leave(token) : api.decline(token));
      setDone(true);
      requestAnimationFrame(() => status.current?.focus());
    } catch (error) {
      setAlert(
        refusalText(strings, failureOf(error).code, shopperMessage(error, strings["waitingList.error"])),
      );
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <p
        ref={status}
        tabIndex={-1}
        role="status"
        className="waiting-list-done"
        data-testid="waiting-list-done"
      >
        {strings[texts.done]}
      </p>
    );
  }
  return (
    <IslandForm className="waiting-list-action" noValidate onSubmit={(event) => void submit(event)}>
      <div role="alert" className="waiting-list-form__alert">
        {alert}
      </div>
      <SubmitButton
        busy={busy}
        label={strings[texts.label]}
        busyLabel={strings[texts.busy]}
        secondary={action === "decline"}
      />
    </IslandForm>
  );
}
