/**
 * The manage islands' API glue: the manage client loaded on first use, and a failure read as the
 * message the shopper sees (spec 2 §8: a 4xx shows its first `_description`, else the generic text).
 * No rules here.
 */
import type { ManageApi } from "../../lib/api/manage-client.ts";
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
    api = Promise.all([import("../../lib/api/manage-client.ts"), import("../../lib/api/client.ts")]).then(
      ([{ manageApi }, { createApiClient }]) =>
        manageApi(
          createApiClient({ fetch: (request) => fetch(request), baseUrl: globalThis.location.origin }),
          seller,
        ),
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

/** An ApiClientError read by shape; anything else (a network failure, a bug) is status 0. */
export function callProblem(error: unknown): CallProblem {
  if (typeof error === "object" && error !== null) {
    const e = error as { status?: unknown; code?: unknown; description?: unknown };
    if (typeof e.status === "number" && typeof e.code === "string") {
      return {
        status: e.status,
        code: e.code,
        description: typeof e.description === "string" ? e.description : "",
      };
    }
  }
  return { status: 0, code: "unexpected", description: "" };
}

/** The text for a failed call: a 4xx's own description, else "Oops! Sorry, something went wrong…". */
export function problemMessage(problem: CallProblem, strings: ManageStrings): string {
  if (problem.code === "tickets_too_old") return strings["manage.edit.tooOld"];
  if (problem.code === "cart_expired") return strings["manage.edit.expired"];
  if (problem.status >= 400 && problem.status < 500 && problem.description) return problem.description;
  return strings["manage.error"];
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
        date: formatOrderDate(iso, timezone),
        time: formatTime(new Date(iso), locale, timezone),
      })
    : "";
}
