/**
 * One waiting list entry's staff actions on the session page: send it an offer now, out of turn
 * (the server refuses when its party does not fit the places free), and remove it after a
 * confirmation, with a reason for the audit log if staff give one. A removed offer's places go to
 * the next person. The page reloads to show the list as it now is.
 */
import { useState } from "react";
import { adminApi } from "../../lib/api/admin/client.ts";
import { browserClient } from "../../lib/api/browser.ts";
import { shopperMessage } from "../../lib/api/errors.ts";
import { TextField } from "../ui/TextField.tsx";
import { useConfirmStep } from "./use-confirm-step.ts";

export interface WaitingEntryActionsProps {
  seller: string;
  entryId: string;
  email: string;
  /** Only live entries have actions. */
  state: "waiting" | "offered";
}

export default function WaitingEntryActions({ seller, entryId, email, state }: WaitingEntryActionsProps) {
  const { confirming, askRef, firstRef, ask, stepBack, close } = useConfirmStep<HTMLInputElement>();
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function run(work: () => Promise<unknown>, message: string, fallback: string) {
    setBusy(true);
    setError(null);
    try {
      await work();
      close();
      setDone(`${message} Reloading…`);
      window.setTimeout(() => window.location.reload(), 800);
    } catch (e) {
      setError(shopperMessage(e, fallback));
    } finally {
      setBusy(false);
    }
  }

  const api = () => adminApi(browserClient(), seller);
  const offer = () =>
    run(
      () => api().offerToWaitingEntry(entryId),
      `An offer is sent to ${email}.`,
      "The offer could not be sent.",
    );
  const remove = () =>
    run(
      () => api().removeWaitingEntry(entryId, reason.trim() || undefined),
      `${email} is removed from the waiting list.`,
      "The entry could not be removed.",
    );

  return (
    <div className="admin-row-action">
      {error && (
        <p className="admin-login__error" role="alert">
          {error}
        </p>
      )}
      {done && <p role="status">{done}</p>}
      {!confirming && !done && (
        <div className="admin-key-actions">
          {state === "waiting" && (
            <button
              type="button"
              className="button"
              onClick={offer}
              disabled={busy}
              aria-busy={busy || undefined}
            >
              {busy ? "Sending…" : "Send offer"}
              <span className="visually-hidden"> to {email}</span>
            </button>
          )}
          <button
            ref={askRef}
            type="button"
            className="button button--secondary"
            onClick={() => {
              setError(null);
              ask();
            }}
            disabled={busy}
            aria-label={`Remove ${email}…`}
          >
            Remove…
          </button>
        </div>
      )}
      {confirming && (
        <fieldset className="admin-confirm">
          <legend>Remove {email} from the waiting list?</legend>
          <p>
            {state === "offered"
              ? "Their offer ends now and its places go to the next person in line."
              : "They lose their place in the line."}{" "}
            No e-mail is sent to them.
          </p>
          <TextField
            ref={firstRef}
            base="admin-field"
            label="Reason (optional, kept in the audit log)"
            name={`remove-reason-${entryId}`}
            value={reason}
            onChange={setReason}
            maxLength={500}
          />
          <div className="admin-key-actions">
            <button
              type="button"
              className="button"
              onClick={remove}
              disabled={busy}
              aria-busy={busy || undefined}
            >
              {busy ? "Removing…" : "Yes, remove"}
            </button>
            <button type="button" className="button button--secondary" onClick={stepBack}>
              No, keep them
            </button>
          </div>
        </fieldset>
      )}
    </div>
  );
}
