/** The yes/no question a failed reserve may ask (an option the server wants confirmed). */
import { Dialog } from "../ui/Dialog.tsx";
import type { FormText } from "./form-text.ts";

export function MembershipPromptDialog(props: {
  /** The question, or null when no question is asked. */
  question: string | null;
  /** true or false for the answer; null when the dialog is closed without one. */
  onAnswer: (value: boolean | null) => void;
  text: FormText;
}) {
  const { text, onAnswer } = props;
  return (
    <Dialog
      open={props.question !== null}
      title={text("membershipForm.prompt.title")}
      closeLabel={text("dialog.close")}
      onClose={() => onAnswer(null)}
      testId="membership-prompt"
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={() => onAnswer(false)}>
            {text("membershipForm.prompt.no")}
          </button>
          <button type="button" className="button" onClick={() => onAnswer(true)}>
            {text("membershipForm.prompt.yes")}
          </button>
        </>
      }
    >
      <p>{props.question}</p>
    </Dialog>
  );
}
