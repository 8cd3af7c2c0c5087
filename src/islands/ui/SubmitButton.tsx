/** A form's submit button (the account and manage forms): disabled and relabelled while its call runs. */
export interface SubmitButtonProps {
  busy: boolean;
  label: string;
  busyLabel: string;
  disabled?: boolean;
  /** A second choice beside the page's main one (e.g. declining an offer). */
  secondary?: boolean;
}

export function SubmitButton({ busy, label, busyLabel, disabled, secondary }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={secondary ? "button button--secondary" : "button"}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
