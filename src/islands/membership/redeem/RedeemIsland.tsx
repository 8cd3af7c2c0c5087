/**
 * /membership/redeem (spec 2 §2, §8, §9): the gift code form and, for a valid code, the
 * levels the redeemer may choose (at most 3, chosen by the server with domain/membership/redeem.ts).
 * A code that is not 10 characters says 'You must enter a valid code.' before any call; the API's
 * refusals say the spec's texts. `?code=` fills the form and looks the code up at once. Choosing a
 * level is a link to the membership form with the code and the level (`?redeem=…&select=…`).
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { failureOf, shopperMessage } from "../../../lib/api/errors.ts";
import type { MembershipGiftApi } from "../../../lib/api/membership/gift-client.ts";
import type { RedeemResource } from "../../../lib/api/membership/gift-schemas.ts";
import {
  GIFT_CODE_LENGTH,
  giftCodeInputProblem,
  normalizeGiftCode,
  redeemFailureText,
  redeemFormPath,
} from "../../../lib/domain/membership/redeem.ts";
import { apiMoneyMinor, formatMoney } from "../../../lib/domain/money.ts";
import { formatOrderDate } from "../../../lib/domain/order-dates.ts";
import { IslandForm } from "../../ui/IslandForm.tsx";
import { TextField } from "../../ui/TextField.tsx";

export const REDEEM_STRING_KEYS = [
  "membership.redeem.code",
  "membership.redeem.codeHint",
  "membership.redeem.submit",
  "membership.redeem.checking",
  "membership.redeem.invalid",
  "membership.redeem.expired",
  "membership.redeem.exhausted",
  "membership.redeem.noneAvailable",
  "membership.redeem.error",
  "membership.redeem.choose",
  "membership.redeem.validUntil",
  "membership.redeem.covered",
  "membership.redeem.youPay",
  "membership.redeem.price",
  "membership.redeem.select",
] as const;
export type RedeemStringKey = (typeof REDEEM_STRING_KEYS)[number];
export type RedeemStrings = Record<RedeemStringKey, string>;

export interface RedeemIslandProps {
  seller: string;
  /** The router base for links: `/{seller}`, or "" on the tenant's own host name. */
  base?: string | undefined;
  membershipEventId: string;
  initialCode: string;
  currency: string;
  locale: string;
  timeZone: string;
  strings: RedeemStrings;
}

let loading: Promise<MembershipGiftApi> | undefined;
function giftCalls(seller: string): Promise<MembershipGiftApi> {
  loading ??= Promise.all([
    import("../../../lib/api/membership/gift-client.ts"),
    import("../../../lib/api/browser.ts"),
  ]).then(([{ membershipGiftApi }, { browserClient }]) => membershipGiftApi(browserClient(), seller));
  return loading;
}

export function RedeemIsland(props: RedeemIslandProps) {
  const tr = (key: RedeemStringKey, vars: Record<string, string> = {}) =>
    props.strings[key].replace(/\{(\w+)\}/g, (m, name: string) =>
      Object.hasOwn(vars, name) ? (vars[name] ?? m) : m,
    );
  const input = useRef<HTMLInputElement>(null);
  const result = useRef<HTMLHeadingElement>(null);
  const [code, setCode] = useState(props.initialCode);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<RedeemResource | null>(null);
  const money = (value: string) => formatMoney(apiMoneyMinor(value), props.currency, props.locale);

  async function lookup(value: string, focusResult: boolean) {
    setFound(null);
    if (giftCodeInputProblem(value)) {
      setError(tr("membership.redeem.invalid"));
      input.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const answer = await (await giftCalls(props.seller)).redeemLookup(normalizeGiftCode(value));
      if (!answer) throw new Error("no answer");
      setFound(answer);
      if (focusResult) requestAnimationFrame(() => result.current?.focus());
    } catch (failure) {
      const kind = redeemFailureText(failureOf(failure).code);
      setError(
        kind === "rate_limited"
          ? shopperMessage(failure, tr("membership.redeem.error"))
          : tr(kind === "error" ? "membership.redeem.error" : `membership.redeem.${kind}`),
      );
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: looks the prefilled code up once, after hydration.
  useEffect(() => {
    if (props.initialCode.trim()) void lookup(props.initialCode, false);
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) void lookup(code, true);
  }

  return (
    <div className="redeem" data-testid="redeem-membership">
      <IslandForm className="redeem__form" noValidate onSubmit={submit} aria-busy={busy || undefined}>
        <TextField
          ref={input}
          base="redeem-field"
          label={tr("membership.redeem.code")}
          name="code"
          value={code}
          onChange={setCode}
          error={error}
          describedBy="redeem-code-hint"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={GIFT_CODE_LENGTH + 4}
        />
        <p id="redeem-code-hint" className="redeem__hint">
          {tr("membership.redeem.codeHint")}
        </p>
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          {busy ? tr("membership.redeem.checking") : tr("membership.redeem.submit")}
        </button>
      </IslandForm>
      {found && (
        <section className="redeem__result" aria-labelledby="redeem-choose">
          <h2 id="redeem-choose" ref={result} tabIndex={-1}>
            {tr("membership.redeem.choose")}
          </h2>
          {found.valid_to && (
            <p className="redeem__valid">
              {tr("membership.redeem.validUntil", {
                date: formatOrderDate(found.valid_to, props.timeZone, props.locale),
              })}
            </p>
          )}
          {found.choices.length === 0 ? (
            <p className="redeem__none" role="status">
              {tr("membership.redeem.noneAvailable")}
            </p>
          ) : (
            <ul className="redeem__choices">
              {found.choices.map((choice) => {
                const free = apiMoneyMinor(choice.discounted) === 0;
                return (
                  <li key={choice.ticket_type_id} className="redeem__choice" data-testid="redeem-choice">
                    <h3 className="redeem__level">{choice.name}</h3>
                    {choice.summary && <p className="redeem__summary">{choice.summary}</p>}
                    <p className="redeem__pay">
                      <strong>
                        {free
                          ? tr("membership.redeem.covered")
                          : tr("membership.redeem.youPay", { amount: money(choice.discounted) })}
                      </strong>
                    </p>
                    <p className="redeem__price">
                      {tr("membership.redeem.price", { amount: money(choice.price) })}
                    </p>
                    <a
                      className={free ? "button" : "button button--secondary"}
                      href={redeemFormPath(
                        props.seller,
                        props.membershipEventId,
                        found.code,
                        choice.ticket_type_id,
                        props.base,
                      )}
                    >
                      {tr("membership.redeem.select", { name: choice.name })}
                    </a>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
