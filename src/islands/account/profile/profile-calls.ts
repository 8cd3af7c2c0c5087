/**
 * The profile islands' API glue: PATCH my/user/{id} with the profile fields, DELETE
 * my/identity/saved_payment_method/{id} and POST password_reset/request, with the client loaded on
 * first use. A failure reads as { status, code, description, field } so the form can put the
 * server's message by its field. No rules here.
 */
import type { ApiClient } from "../../../lib/api/client.ts";
import { failureOf } from "../../../lib/api/errors.ts";

export interface ProfileCallFailure {
  status: number;
  code: string;
  description: string;
  field: string | null;
}

let loading: Promise<ApiClient> | null = null;

function client(): Promise<ApiClient> {
  if (!loading) {
    loading = import("../../../lib/api/browser.ts").then(({ browserClient }) => browserClient());
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

function profileFailure(error: unknown): ProfileCallFailure {
  const { status, code, description, extra } = failureOf(error);
  return { status, code, description, field: typeof extra.field === "string" ? extra.field : null };
}

type Outcome<T> = { ok: true; value: T } | { ok: false; failure: ProfileCallFailure };

async function run<T>(call: (api: ApiClient) => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await call(await client()) };
  } catch (error) {
    return { ok: false, failure: profileFailure(error) };
  }
}

export async function saveProfile(seller: string, identityId: string, info: Record<string, string | null>) {
  const { userAnswer } = await import("../../../lib/api/auth/schemas.ts");
  return run((api) =>
    api.send(
      "PATCH",
      `my/user/${encodeURIComponent(identityId)}`,
      { _seller: seller },
      { additional_info: info },
      userAnswer,
    ),
  );
}

export async function removeSavedMethod(seller: string, methodId: string) {
  const { savedPaymentMethodEnvelope } = await import("../../../lib/api/membership/renew-schemas.ts");
  return run((api) =>
    api.send(
      "DELETE",
      `my/identity/saved_payment_method/${encodeURIComponent(methodId)}`,
      { _seller: seller },
      undefined,
      savedPaymentMethodEnvelope,
    ),
  );
}

export async function requestPasswordLink(seller: string, email: string) {
  const { z } = await import("zod");
  return run((api) =>
    api.send("POST", "password_reset/request", { _seller: seller }, { email }, z.unknown()),
  );
}
