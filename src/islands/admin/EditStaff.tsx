/**
 * An admin edits a colleague's account from the staff list: the role, a box office member's
 * refund limit, and whether the account is disabled (its sessions end at once and it cannot log
 * in). The form opens in a modal dialog (focus inside, Escape closes it, focus back on Edit). The
 * server refuses a change that would leave no active admin, and says so here. Each change is in
 * the audit log, with the reason when one is given.
 */
import { type FormEvent, useState } from "react";
import { adminApi } from "../../lib/api/admin/client.ts";
import type { StaffChangeBody } from "../../lib/api/admin/schemas.ts";
import { browserClient } from "../../lib/api/browser.ts";
import { shopperMessage } from "../../lib/api/errors.ts";
import type { StaffRole } from "../../lib/domain/admin/roles.ts";
import { parseMoneyString, toMoneyString } from "../../lib/domain/money.ts";
import { ChoiceInput } from "../ui/ChoiceInput.tsx";
import { Dialog } from "../ui/Dialog.tsx";
import { IslandForm } from "../ui/IslandForm.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import { TextField } from "../ui/TextField.tsx";

export interface EditStaffProps {
  seller: string;
  currency: string;
  member: {
    id: string;
    name: string;
    role: StaffRole;
    refund_limit: number | null;
    disabled: boolean;
  };
  /** The admin editing is this member. */
  self: boolean;
}

const ROLES = [
  ["box_office", "Box office: orders, desk sales and refunds up to a limit"],
  ["gate", "Gate: check-in only"],
  ["viewer", "Viewer: figures only"],
  ["admin", "Admin: everything"],
] as const;

export default function EditStaff({ seller, currency, member, self }: EditStaffProps) {
  const initialLimit = member.refund_limit === null ? "" : toMoneyString(member.refund_limit, currency);
  const [open, setOpen] = useState(false);
  const [role, setRole] = useState<StaffRole>(member.role);
  const [limit, setLimit] = useState(initialLimit);
  const [disabled, setDisabled] = useState(member.disabled);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  /** Closing without saving forgets what was chosen: the next Edit starts from the account. */
  function close() {
    setOpen(false);
    setError(null);
    setRole(member.role);
    setLimit(initialLimit);
    setDisabled(member.disabled);
    setReason("");
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const change: StaffChangeBody = {};
    if (role !== member.role) change.role = role;
    if (role === "box_office") {
      let refundLimit: number | null = null;
      if (limit.trim()) {
        try {
          refundLimit = parseMoneyString(limit.trim(), currency);
        } catch {
          setError(`Write the refund limit as an amount in ${currency}, for example 100.00.`);
          return;
        }
      }
      if (refundLimit !== member.refund_limit || role !== member.role) change.refund_limit = refundLimit;
    }
    if (disabled !== member.disabled) change.disabled = disabled;
    if (Object.keys(change).length === 0) {
      setError("Nothing is changed yet.");
      return;
    }
    if (reason.trim()) change.reason = reason.trim();
    setBusy(true);
    try {
      await adminApi(browserClient(), seller).editStaff(member.id, change);
      setOpen(false);
      setDone(
        self && (disabled || role !== "admin")
          ? "Your account is changed. Reloading…"
          : `${member.name}'s account is changed. Reloading…`,
      );
      window.setTimeout(() => window.location.reload(), 800);
    } catch (e) {
      setError(shopperMessage(e, "The change could not be saved."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        aria-label={`Edit ${member.name}`}
        onClick={() => setOpen(true)}
      >
        Edit
      </button>
      {done && <p role="status">{done}</p>}
      <Dialog open={open} title={`Edit ${member.name}`} closeLabel="Close" onClose={close}>
        {/* Only while open: the closed dialogs of every row would repeat the same labels in the page. */}
        {open && (
          <IslandForm noValidate onSubmit={submit} className="admin-login">
            {error && (
              <p className="admin-login__error" role="alert">
                {error}
              </p>
            )}
            <fieldset className="admin-roles">
              <legend>Role</legend>
              {ROLES.map(([value, label]) => (
                <label key={value}>
                  <ChoiceInput
                    type="radio"
                    name={`role-${member.id}`}
                    value={value}
                    checked={role === value}
                    onChange={() => setRole(value)}
                  />{" "}
                  {label}
                </label>
              ))}
            </fieldset>
            {role === "box_office" && (
              <TextField
                base="admin-field"
                label={`Refund limit (${currency}, empty for none)`}
                name="refund_limit"
                inputMode="text"
                required={false}
                value={limit}
                onChange={setLimit}
              />
            )}
            <fieldset className="admin-roles">
              <legend>Account</legend>
              <label>
                <ChoiceInput
                  type="checkbox"
                  name="disabled"
                  checked={disabled}
                  onChange={(e) => {
                    // Read now: the event's target is gone by the time a state updater would run.
                    const on = e.currentTarget.checked;
                    setDisabled(on);
                  }}
                />{" "}
                Disabled: the account's sessions end at once and it cannot log in
              </label>
            </fieldset>
            <TextField
              base="admin-field"
              label="Reason (optional, kept in the audit log)"
              name="reason"
              required={false}
              maxLength={500}
              value={reason}
              onChange={setReason}
            />
            <p className="admin-key-actions">
              <SubmitButton busy={busy} label="Save" busyLabel="Saving…" />{" "}
              <button type="button" className="button button--secondary" onClick={close}>
                Cancel
              </button>
            </p>
          </IslandForm>
        )}
      </Dialog>
    </>
  );
}
