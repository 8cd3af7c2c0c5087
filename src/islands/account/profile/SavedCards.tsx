/**
 * The profile's saved payment methods (spec 2 §3 "Saved payment method: identifier"): each
 * shown by its identifier with a remove button that asks first; DELETE
 * my/identity/saved_payment_method/{id}. A card an enrolled membership renews with is refused by the
 * server (409 saved_method_in_use), and its message is shown.
 */
import { useState } from "react";
import { type AccountStrings, accountTranslator } from "../account-strings.ts";
import { removeSavedMethod } from "./profile-calls.ts";

export interface SavedCardsProps {
  seller: string;
  cards: { id: string; identifier: string }[];
  strings: AccountStrings;
}

export function SavedCards({ seller, cards: initial, strings }: SavedCardsProps) {
  const tr = accountTranslator(strings);
  const [cards, setCards] = useState(initial);
  const [asking, setAsking] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);

  async function remove(card: { id: string; identifier: string }) {
    if (busy) return;
    setBusy(true);
    setAlert(null);
    setStatus(null);
    const outcome = await removeSavedMethod(seller, card.id);
    setBusy(false);
    setAsking(null);
    if (outcome.ok) {
      setCards(outcome.value.saved_payment_method._data);
      setStatus(tr("account.profile.removed", { identifier: card.identifier }));
    } else if (outcome.failure.code === "saved_method_in_use") {
      setAlert(tr("account.profile.cardInUse"));
    } else {
      setAlert(outcome.failure.description || tr("account.error.unexpected"));
    }
  }

  return (
    <div className="saved-cards">
      {cards.length === 0 ? (
        <p>{tr("account.profile.noCards")}</p>
      ) : (
        <ul className="saved-cards__list">
          {cards.map((card) => (
            <li key={card.id} className="saved-cards__card" data-testid="saved-card">
              <span className="saved-cards__identifier">{card.identifier}</span>
              {asking === card.id ? (
                <span className="saved-cards__confirm">
                  <span>{tr("account.profile.removeConfirm", { identifier: card.identifier })}</span>
                  <button type="button" className="button" disabled={busy} onClick={() => void remove(card)}>
                    {tr("account.profile.removeYes")}
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={busy}
                    onClick={() => setAsking(null)}
                  >
                    {tr("account.profile.removeNo")}
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => {
                    setStatus(null);
                    setAlert(null);
                    setAsking(card.id);
                  }}
                >
                  {tr("account.profile.removeCard", { identifier: card.identifier })}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="account-form__alert" role="alert">
        {alert}
      </div>
      <p className="account-form__status" role="status">
        {status}
      </p>
    </div>
  );
}
