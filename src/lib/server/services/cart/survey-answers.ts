/**
 * The server's check of survey answers sent with a cart (additionalInfo keyed by ticket group id):
 * an answer to an e-mail question must be an e-mail address, as the form checks it
 * (domain/survey.ts). A gift card's recipient e-mail is where the card is sent, so `not-an-email`
 * or `bob@` is refused here too, whatever client sent it.
 */
import { and, eq, inArray } from "drizzle-orm";
import { badEmailAnswers, surveyQuestions } from "../../../domain/survey.ts";
import { getTenant } from "../../../tenant/load.ts";
import { t } from "../../../tenant/strings.ts";
import type { Executor } from "../../db/executor.ts";
import * as s from "../../db/schema.ts";
import { validationFailed } from "../../errors/api-error.ts";

export async function assertSurveyEmails(
  ex: Executor,
  seller: { id: string; slug: string },
  patch: Readonly<Record<string, Readonly<Record<string, unknown>>>> | undefined,
): Promise<void> {
  const groupIds = patch ? Object.keys(patch) : [];
  if (!patch || groupIds.length === 0) return;
  const groups = await ex
    .select({ id: s.ticketGroup.id, spec: s.ticketGroup.additionalInfoSpec })
    .from(s.ticketGroup)
    .where(and(eq(s.ticketGroup.sellerId, seller.id), inArray(s.ticketGroup.id, groupIds)));
  for (const group of groups) {
    const [bad] = badEmailAnswers(surveyQuestions(group.spec).questions, patch[group.id]);
    if (bad !== undefined) {
      throw validationFailed(
        t(getTenant(seller.slug), "reserve.survey.email"),
        { field: `additionalInfo.${group.id}.${bad}` },
        "cart",
      );
    }
  }
}
