/**
 * Revokes one API key, after a confirmation that names it: every call with it is refused from
 * then on, and it cannot be used again. The page reloads to show it revoked.
 */
import { useState } from "react";
import { adminApi } from "../../lib/api/admin/client.ts";
import { browserClient } from "../../lib/api/browser.ts";
import { shopperMessage } from "../../lib/api/errors.ts";
import { useConfirmStep } from "./use-confirm-step.ts";

export interface RevokeKeyProps {
  seller: string;
  keyId: string;
  name: string;
}

export default function RevokeKey({ seller, keyId, name }: RevokeKeyProps) {
  const { confirming, askRef, firstRef, ask, stepBack, close } = useConfirmStep();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function revoke() {
    setBusy(true);
    setError(null);
    try {
      await adminApi(browserClient(), seller).revokeApiKey(keyId);
      close();
      setDone(`The key “${name}” is revoked. Reloading…`);
      window.setTimeout(() => window.location.reload(), 800);
    } catch (e) {
      setError(shopperMessage(e, "The key could not be revoked."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="admin-row-action">
      {error && (
        <p className="admin-login__error" role="alert">
          {error}
        </p>
      )}
      {done && <p role="status">{done}</p>}
      {!confirming && !done && (
        <button
          ref={askRef}
          type="button"
          className="button button--secondary"
          aria-label={`Revoke the key ${name}…`}
          onClick={ask}
        >
          Revoke…
        </button>
      )}
      {confirming && (
        <fieldset className="admin-confirm">
          <legend>Revoke “{name}”?</legend>
          <p>Every call with this key is refused from now on. This cannot be undone.</p>
          <button
            ref={firstRef}
            type="button"
            className="button"
            onClick={revoke}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? "Revoking…" : "Yes, revoke it"}
          </button>{" "}
          <button type="button" className="button button--secondary" onClick={stepBack}>
            No, keep it
          </button>
        </fieldset>
      )}
    </div>
  );
}
