/**
 * The manage islands' API glue: the manage client loaded on first use, and a failure read as the
 * message the shopper sees (spec 2 §8: a 4xx shows its first `_description`, else the generic text).
 * No rules here.
 */
import { failureOf } from "../../lib/api/errors.ts";
import type { ManageApi } from "../../lib/api/manage/client.ts";
import { serverText } from "../../lib/domain/api-failure.ts";
import { formatTime } from "../../lib/domain/date-format.ts";
import { formatOrderDate } from "../../lib/domain/order-dates.ts";
import type { IslandSharedKey } from "../../lib/tenant/string-format.ts";
import type { manageStrings } from "../../lib/tenant/strings-manage.ts";

/** The "manage." strings and the dialogs' close label. */
export type ManageStrings = Record<keyof typeof manageStrings | IslandSharedKey, string>;

const loading = new Map<string, Promise<ManageApi>>();

export function manageCalls(seller: string): Promise<ManageApi> {
  let api = loading.get(seller);
  if (!api) {
    api = Promise.all([import("../../lib/api/manage/client.ts"), import("../../lib/api/browser.ts")]).then(
      ([{ manageApi }, { browserClient }]) => manageApi(browserClient(), seller),
    );
    api.catch(() => loading.delete(seller));
    loading.set(seller, api);
  }
  return api;
}

export interface CallProblem {
  status: number;
  code: string;
  description: string;
}

/** A failed call's status, code and description; anything but an API answer is status 0. */
export function callProblem(error: unknown): CallProblem {
  const { status, code, description } = failureOf(error);
  return { status, code, description };
}

/** The text for a failed call: a 4xx's own description, else "Oops! Sorry, something went wrong…". */
export function problemMessage(problem: CallProblem, strings: ManageStrings): string {
  if (problem.code === "tickets_too_old") return strings["manage.edit.tooOld"];
  if (problem.code === "cart_expired") return strings["manage.edit.expired"];
  return serverText(problem) ?? strings["manage.error"];
}

/** "{name}" placeholders filled. */
export function fill(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(vars, key) ? String(vars[key]) : whole,
  );
}

/** "Sun, November 22 2026 at 3:00 PM": the order date format (spec 2 §2) and the time, in the venue's zone. */
export function sessionWhen(
  strings: ManageStrings,
  locale: string,
  iso: string | null,
  timezone: string,
): string {
  return iso
    ? fill(strings["manage.when"], {
        date: formatOrderDate(iso, timezone, locale),
        time: formatTime(new Date(iso), locale, timezone),
      })
    : "";
}
