/** A form's submit button (the account and manage forms): disabled and relabelled while its call runs. */
export interface SubmitButtonProps {
  busy: boolean;
  label: string;
  busyLabel: string;
  disabled?: boolean;
}

export function SubmitButton({ busy, label, busyLabel, disabled }: SubmitButtonProps) {
  return (
    <button type="submit" className="button" disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy ? busyLabel : label}
    </button>
  );
}
