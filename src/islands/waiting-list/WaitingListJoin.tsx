/**
 * Joining a sold-out session's waiting list: the session (the date's sold-out ones), how many
 * tickets of each type, and an e-mail; a logged-in member joins with one click (the account's
 * e-mail). After joining: the place in the line ("You are 4th in line.") and that it is not a
 * guarantee. The server decides everything (services/waiting-list/join.ts); its refusals are shown
 * in its words.
 */
import { type FormEvent, useRef, useState } from "react";
import { browserClient } from "../../lib/api/browser.ts";
import { failureOf, shopperMessage } from "../../lib/api/errors.ts";
import { waitingListApi } from "../../lib/api/waiting-list/client.ts";
import { format } from "../../lib/tenant/string-format.ts";
import { ChoiceInput, ChoiceSelect } from "../ui/ChoiceInput.tsx";
import { IslandForm } from "../ui/IslandForm.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";
import { TextField } from "../ui/TextField.tsx";
import { refusalText, type WaitingListJoinProps } from "./props.ts";

const EMAIL_MAX = 254;

export default function WaitingListJoin(props: WaitingListJoinProps) {
  const { strings: s } = props;
  const soldOut = props.sessions.filter((session) => session.soldOut);
  const [sessionId, setSessionId] = useState(props.selected ?? soldOut[0]?.id ?? "");
  const [quantities, setQuantities] = useState<Record<string, number>>(() =>
    props.types[0] ? { [props.types[0].id]: 1 } : {},
  );
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [position, setPosition] = useState<number | null>(null);
  const joinedHeading = useRef<HTMLHeadingElement>(null);
  const total = Object.values(quantities).reduce((n, q) => n + q, 0);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    if (total === 0) return setAlert(s["waitingList.join.ticketsNeeded"]);
    if (total > props.maxParty)
      return setAlert(format(s["waitingList.join.tooMany"], { max: props.maxParty }));
    const typed = email.trim();
    if (!props.memberEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typed)) {
      setEmailError(s["waitingList.join.emailInvalid"]);
      return;
    }
    setEmailError(null);
    setBusy(true);
    try {
      const answer = await waitingListApi(browserClient(), props.seller).join({
        event_session_id: sessionId,
        ...(props.memberEmail ? {} : { email: typed }),
        tickets: Object.entries(quantities)
          .filter(([, quantity]) => quantity > 0)
          .map(([ticket_type_id, quantity]) => ({ ticket_type_id, quantity })),
      });
      setPosition(answer.waiting_list_entry._data[0]?.position ?? null);
      requestAnimationFrame(() => joinedHeading.current?.focus());
    } catch (error) {
      setAlert(refusalText(s, failureOf(error).code, shopperMessage(error, s["waitingList.error"])));
    } finally {
      setBusy(false);
    }
  }

  if (position !== null) {
    return (
      <section className="waiting-list-joined" aria-labelledby="waiting-list-joined-title">
        <h2 id="waiting-list-joined-title" ref={joinedHeading} tabIndex={-1}>
          {s["waitingList.joined.title"]}
        </h2>
        <p className="waiting-list-joined__position" data-testid="waiting-list-position">
          {format(s["waitingList.position.ordinal"], { position })}
        </p>
        <p>{s["waitingList.notGuarantee"]}</p>
        <p>{format(s["waitingList.offerTerms"], { hours: props.offerHours })}</p>
      </section>
    );
  }

  return (
    <IslandForm className="waiting-list-form" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className="waiting-list-form__sessions">
        <legend>{format(s["waitingList.join.session"], { date: props.dateLabel })}</legend>
        {soldOut.map((session) => (
          <label key={session.id} className="waiting-list-form__choice">
            <ChoiceInput
              type="radio"
              name="session"
              value={session.id}
              checked={sessionId === session.id}
              onChange={() => setSessionId(session.id)}
            />
            {format(s["waitingList.join.soldOut"], { time: session.label })}
          </label>
        ))}
      </fieldset>
      <fieldset className="waiting-list-form__tickets">
        <legend>{s["waitingList.join.tickets"]}</legend>
        {props.types.map((type) => (
          <label key={type.id} className="waiting-list-form__type">
            <span>{type.name}</span>
            <ChoiceSelect
              name={`quantity-${type.id}`}
              value={String(quantities[type.id] ?? 0)}
              onChange={(event) => {
                const quantity = Number(event.currentTarget.value);
                setQuantities((current) => ({ ...current, [type.id]: quantity }));
              }}
            >
              {[...Array(props.maxParty + 1).keys()].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </ChoiceSelect>
          </label>
        ))}
      </fieldset>
      {props.memberEmail ? null : (
        <TextField
          base="waiting-list-field"
          label={s["waitingList.join.email"]}
          name="email"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX}
          value={email}
          onChange={(next) => {
            setEmail(next);
            setEmailError(null);
          }}
          error={emailError}
        />
      )}
      <div className="waiting-list-form__alert" role="alert">
        {alert}
      </div>
      <SubmitButton
        busy={busy}
        label={
          props.memberEmail
            ? format(s["waitingList.join.memberSubmit"], { email: props.memberEmail })
            : s["waitingList.join.submit"]
        }
        busyLabel={s["waitingList.join.working"]}
      />
    </IslandForm>
  );
}
