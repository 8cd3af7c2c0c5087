/**
 * The account islands' API glue: the account client loaded on first use (the form renders before
 * the client and its schemas arrive) and failures read as the pages' CallFailure. No rules here.
 */
import type { AuthApi } from "../../lib/api/auth-client.ts";
import {
  type CallFailure,
  CHANGE_PROOF_KINDS,
  type ChangeProofKind,
} from "../../lib/domain/account-forms.ts";

const loading = new Map<string, Promise<AuthApi>>();

export function accountCalls(seller: string): Promise<AuthApi> {
  let api = loading.get(seller);
  if (!api) {
    api = Promise.all([import("../../lib/api/auth-client.ts"), import("../../lib/api/client.ts")]).then(
      ([{ authApi }, { createApiClient }]) =>
        authApi(
          createApiClient({ fetch: (request) => fetch(request), baseUrl: globalThis.location.origin }),
          seller,
        ),
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
 * An ApiClientError read by shape, with a 429's `_extra.retry_after` (issue 11 "Show the real
 * wait") and a 403's `_extra.proofs`; anything else (a network failure, a bug) is status 0.
 */
export function asCallFailure(error: unknown): CallFailure {
  if (typeof error === "object" && error !== null) {
    const e = error as { status?: unknown; code?: unknown; extra?: unknown };
    if (typeof e.status === "number" && typeof e.code === "string") {
      const proofs =
        typeof e.extra === "object" && e.extra !== null && Object.hasOwn(e.extra, "proofs")
          ? (e.extra as { proofs?: unknown }).proofs
          : undefined;
      if (Array.isArray(proofs))
        return { status: e.status, code: e.code, proofs: proofs.filter(isProofKind) };
      const retryAfter =
        typeof e.extra === "object" && e.extra !== null && Object.hasOwn(e.extra, "retry_after")
          ? (e.extra as { retry_after?: unknown }).retry_after
          : undefined;
      return typeof retryAfter === "number" && Number.isFinite(retryAfter) && retryAfter > 0
        ? { status: e.status, code: e.code, retryAfterSeconds: retryAfter }
        : { status: e.status, code: e.code };
    }
  }
  return { status: 0, code: "unexpected" };
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
