/**
 * The cancel-auto-renew island (spec 2 §2 "/manage/{ticketOrderId}/cancel-auto-renew: Cancel
 * automatic renewal, with confirmation"): the order's memberships with their auto-renew state, a
 * cancel button while one is enrolled, a confirmation dialog, then the result. The server decides
 * (DELETE ticket_order/{id}/auto_renew); the island shows its answer. No rules here beyond the
 * domain's (auto-renew.ts).
 */
import { useRef, useState } from "react";
import type { AutoRenewEnvelope } from "../../../lib/api/membership/renew-schemas.ts";
import {
  AUTO_RENEW_STATUS_KEYS,
  autoRenewStatus,
  canCancelAny,
  cancelProblem,
} from "../../../lib/domain/membership/auto-renew.ts";
import { format, type IslandSharedKey } from "../../../lib/tenant/string-format.ts";
import type { defaultStrings } from "../../../lib/tenant/strings.ts";
import { asCallFailure } from "../../account/account-calls.ts";
import { Dialog } from "../../ui/Dialog.tsx";

export type AutoRenewStringKey = Extract<
  keyof typeof defaultStrings,
  `autoRenew.${string}` | IslandSharedKey
>;
export type AutoRenewStrings = Record<AutoRenewStringKey, string>;

export interface AutoRenewMember {
  id: string;
  name: string;
  level: string | null;
  scanCode: string;
  /** Already formatted in the tenant's date format. */
  validUntil: string;
  state: string | null;
}

export interface CancelAutoRenewProps {
  seller: string;
  orderId: string;
  members: AutoRenewMember[];
  card: string | null;
  loginHref: string;
  strings: AutoRenewStrings;
}

async function cancelCall(seller: string, orderId: string): Promise<AutoRenewEnvelope> {
  const [{ autoRenewApi }, { browserClient }] = await Promise.all([
    import("../../../lib/api/membership/renew-client.ts"),
    import("../../../lib/api/browser.ts"),
  ]);
  return autoRenewApi(browserClient(), seller).cancel(orderId);
}

export function CancelAutoRenew({
  seller,
  orderId,
  members,
  card,
  loginHref,
  strings,
}: CancelAutoRenewProps) {
  const tr = (key: AutoRenewStringKey) => format(strings[key]);
  const [rows, setRows] = useState(members);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [alert, setAlert] = useState<string | null>(
    canCancelAny(members.map((m) => m.state)) ? null : tr("autoRenew.notEnrolled"),
  );
  const resultRef = useRef<HTMLDivElement>(null);
  const cancellable = canCancelAny(rows.map((m) => m.state));

  async function confirm() {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    try {
      const answer = await cancelCall(seller, orderId);
      const states = new Map(answer.membership._data.map((m) => [m.id, m.auto_renew_state]));
      setRows((current) => current.map((m) => ({ ...m, state: states.get(m.id) ?? m.state })));
      setDone(true);
    } catch (error) {
      const problem = cancelProblem(asCallFailure(error));
      if (problem === "login") {
        globalThis.location.assign(loginHref);
        return;
      }
      setAlert(
        tr(
          problem === "notEnrolled"
            ? "autoRenew.notEnrolled"
            : problem === "notFound"
              ? "autoRenew.notFound"
              : "autoRenew.failed",
        ),
      );
    } finally {
      setBusy(false);
      setConfirming(false);
      // The result is announced (role=status / alert) and focus goes to it.
      requestAnimationFrame(() => resultRef.current?.focus());
    }
  }

  return (
    <div className="auto-renew">
      <ul className="auto-renew__members">
        {rows.map((m) => (
          <li key={m.id} className="auto-renew__member" data-testid="auto-renew-member">
            <strong>{m.name}</strong>
            <dl>
              {m.level && (
                <div>
                  <dt>{tr("autoRenew.level")}</dt>
                  <dd>{m.level}</dd>
                </div>
              )}
              <div>
                <dt>{tr("autoRenew.memberId")}</dt>
                <dd>{m.scanCode}</dd>
              </div>
              <div>
                <dt>{tr("autoRenew.validUntil")}</dt>
                <dd>{m.validUntil}</dd>
              </div>
              <div>
                <dt>{tr("autoRenew.state")}</dt>
                <dd>
                  <span className={`auto-renew__state auto-renew__state--${autoRenewStatus(m.state)}`}>
                    {tr(AUTO_RENEW_STATUS_KEYS[autoRenewStatus(m.state)])}
                  </span>
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      {card && cancellable && (
        <p className="auto-renew__card">
          {tr("autoRenew.card")}: {card}
        </p>
      )}
      <div ref={resultRef} tabIndex={-1} className="auto-renew__result">
        <div role="alert" className="auto-renew__alert">
          {alert}
        </div>
        <p role="status" className="auto-renew__done">
          {done ? tr("autoRenew.done") : null}
        </p>
      </div>
      {cancellable && (
        <button type="button" className="button" onClick={() => setConfirming(true)} disabled={busy}>
          {tr("autoRenew.cancel")}
        </button>
      )}
      <Dialog
        open={confirming}
        title={tr("autoRenew.confirmTitle")}
        closeLabel={tr("dialog.close")}
        onClose={busy ? undefined : () => setConfirming(false)}
        testId="auto-renew-confirm"
        actions={
          <>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => setConfirming(false)}
              disabled={busy}
            >
              {tr("autoRenew.confirmNo")}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => void confirm()}
              disabled={busy}
              aria-busy={busy || undefined}
            >
              {busy ? tr("autoRenew.cancelling") : tr("autoRenew.confirmYes")}
            </button>
          </>
        }
      >
        <p>{tr("autoRenew.confirmBody")}</p>
      </Dialog>
    </div>
  );
}
