/**
 * The account islands' API glue: the account client loaded on first use (the form renders before
 * the client and its schemas arrive) and failures read as the pages' CallFailure. No rules here.
 */
import type { AuthApi } from "../../lib/api/auth/client.ts";
import { failureOf } from "../../lib/api/errors.ts";
import {
  type CallFailure,
  CHANGE_PROOF_KINDS,
  type ChangeProofKind,
} from "../../lib/domain/account-forms.ts";

const loading = new Map<string, Promise<AuthApi>>();

export function accountCalls(seller: string): Promise<AuthApi> {
  let api = loading.get(seller);
  if (!api) {
    api = Promise.all([import("../../lib/api/auth/client.ts"), import("../../lib/api/browser.ts")]).then(
      ([{ authApi }, { browserClient }]) => authApi(browserClient(), seller),
    );
    // A failed load (offline) is tried again on the next submit.
    api.catch(() => loading.delete(seller));
    loading.set(seller, api);
  }
  return api;
}

const isProofKind = (value: unknown): value is ChangeProofKind =>
  CHANGE_PROOF_KINDS.some((kind) => kind === value);

/**
 * A failed call as the account pages read it: with a 429's `_extra.retry_after` (the real wait is
 * shown) and a 403's `_extra.proofs`; anything but an API answer (a network failure, a bug) is
 * status 0.
 */
export function asCallFailure(error: unknown): CallFailure {
  const { status, code, extra } = failureOf(error);
  const proofs = Object.hasOwn(extra, "proofs") ? extra.proofs : undefined;
  if (Array.isArray(proofs)) return { status, code, proofs: proofs.filter(isProofKind) };
  const retryAfter = Object.hasOwn(extra, "retry_after") ? extra.retry_after : undefined;
  return typeof retryAfter === "number" && Number.isFinite(retryAfter) && retryAfter > 0
    ? { status, code, retryAfterSeconds: retryAfter }
    : { status, code };
}

/** Runs a call and answers null on success or its failure, so outcomes map in one place. */
export async function attempt(call: () => Promise<unknown>): Promise<CallFailure | null> {
  try {
    await call();
    return null;
  } catch (error) {
    return asCallFailure(error);
  }
}
