/** Sends the membership e-mail (the member IDs) again to the member's address. */
import { useState } from "react";
import { adminApi } from "../../lib/api/admin/client.ts";
import { browserClient } from "../../lib/api/browser.ts";
import { shopperMessage } from "../../lib/api/errors.ts";

export interface ResendMemberProps {
  seller: string;
  membershipId: string;
  email: string | null;
}

export default function ResendMember({ seller, membershipId, email }: ResendMemberProps) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  if (!email) return <p>The member has no e-mail address to send it to.</p>;
  async function resend() {
    setBusy(true);
    setMessage(null);
    try {
      await adminApi(browserClient(), seller).resendMember(membershipId);
      setMessage({ ok: true, text: `The membership e-mail is sent again to ${email}.` });
    } catch (e) {
      setMessage({ ok: false, text: shopperMessage(e, "The e-mail could not be sent.") });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="admin-actions">
      {message && (
        <p role={message.ok ? "status" : "alert"} className={message.ok ? undefined : "admin-login__error"}>
          {message.text}
        </p>
      )}
      <p>
        <button
          type="button"
          className="button button--secondary"
          onClick={resend}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? "Sending…" : `Send it again to ${email}`}
        </button>
      </p>
    </div>
  );
}
