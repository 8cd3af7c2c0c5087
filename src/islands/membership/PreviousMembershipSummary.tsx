/**
 * The visitor's previous membership above the form: its level and last valid day, the notice that
 * a membership is already held (with a renew link), and when renewal opens.
 */
import { indefiniteArticle } from "../../lib/domain/article.ts";
import { formatLongDate } from "../../lib/domain/date-format.ts";
import {
  calendarDayOf,
  type FormLevel,
  lastValidDay,
  type PreviousMembership,
  showsHeldMembership,
} from "../../lib/domain/membership/form.ts";
import type { FormText } from "./form-text.ts";
import type { MembershipAction } from "./props.ts";

export interface PreviousMembershipSummaryProps {
  previous: PreviousMembership;
  levels: readonly FormLevel[];
  action: MembershipAction;
  redeem: boolean;
  base: string;
  locale: string;
  timezone: string;
  text: FormText;
}

export function PreviousMembershipSummary(props: PreviousMembershipSummaryProps) {
  const { previous, text } = props;
  const previousLevel = previous.levelId ? props.levels.find((l) => l.id === previous.levelId) : undefined;
  const previousDay = lastValidDay(previous.validTo, props.timezone);
  const opensDay = previous.renewalOpensAt ? calendarDayOf(previous.renewalOpensAt, props.timezone) : null;
  return (
    <section className="membership-previous" aria-label={text("membershipForm.previous.heading")}>
      <h3>{text("membershipForm.previous.heading")}</h3>
      <dl>
        {previousLevel && (
          <div>
            <dt>{text("membershipForm.previous.level")}</dt>
            <dd>{previousLevel.name}</dd>
          </div>
        )}
        {previousDay && (
          <div>
            <dt>{text("membershipForm.previous.validTo")}</dt>
            <dd>{formatLongDate(previousDay, props.locale)}</dd>
          </div>
        )}
      </dl>
      {showsHeldMembership(previous, { action: props.action, redeem: props.redeem }) && (
        <p className="notice membership-previous__held" data-testid="membership-held">
          {previousLevel
            ? text("membershipForm.previous.heldLevel", {
                article: indefiniteArticle(previousLevel.name),
                level: previousLevel.name.trim(),
                date: previousDay ? formatLongDate(previousDay, props.locale) : "",
              })
            : text("membershipForm.previous.held", {
                level: text("membershipForm.previous.held.someLevel"),
                date: previousDay ? formatLongDate(previousDay, props.locale) : "",
              })}{" "}
          <a href={`${props.base}/membership/renew`}>{text("membershipForm.previous.held.renew")}</a>
        </p>
      )}
      {props.action === "renew" && opensDay && (
        <p className="membership-previous__note">
          {text("membershipForm.previous.renewalOpens", {
            date: formatLongDate(opensDay, props.locale),
          })}
        </p>
      )}
    </section>
  );
}
