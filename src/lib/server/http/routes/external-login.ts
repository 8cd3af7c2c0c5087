/**
 * External login with the tenant's OpenID Connect provider (services/external-login/).
 * - GET login/external/start: 302 to the provider. Not configured: 404. The provider unreachable or
 *   misconfigured, or too many starts: 302 back to the login page with `error=external_unavailable`
 *   (or `rate_limited`), which shows the spec 2 §8 text, since a browser navigates here.
 * - GET login/external/callback: the storefront's /{seller}/login/callback page calls it with the
 *   provider's query and the browser's cookies; 200 sets the session cookie and answers where to go.
 *   Errors (spec 2 §8): 400 cookies_required, 400 invalid_state (`_extra.redirect`: forward),
 *   401 external_login_refused (`_extra.redirect`: the login page), 403 email_not_verified,
 *   502 external_login_unavailable, 404 when not configured.
 * Both sit under the account calls' /login/* middleware (auth.ts: /api only, no-store), so this
 * module registers after registerAuth.
 */
import { createRoute } from "@hono/zod-openapi";
import {
  externalLoginAnswer,
  externalLoginCallbackQuery,
  externalLoginStartQuery,
} from "../../../api/auth/external-login-schemas.ts";
import { apiErrorBody } from "../../../api/schemas.ts";
import { loginPageHref, safeRedirectPath } from "../../../domain/login-steps.ts";
import { getTenant } from "../../../tenant/load.ts";
import { ApiError } from "../../errors/api-error.ts";
import { authCall } from "../../services/auth/context.ts";
import { externalLoginSetup } from "../../services/external-login/config.ts";
import { externalLoginNotConfigured, ProviderUnavailable } from "../../services/external-login/errors.ts";
import { finishExternalLogin, startExternalLogin } from "../../services/external-login/flow.ts";
import { requestStorefront } from "../../tenant-hosts/links.ts";
import type { ApiRouter } from "../router.ts";

const errorBody = (description: string) => ({
  description,
  content: { "application/json": { schema: apiErrorBody } },
});

const routes = {
  start: createRoute({
    method: "get",
    path: "/login/external/start",
    request: { query: externalLoginStartQuery },
    responses: {
      302: { description: "To the provider's authorization endpoint, or back to the login page on failure." },
      400: errorBody("Bad input."),
      404: errorBody("No external login for this seller."),
    },
  }),
  callback: createRoute({
    method: "get",
    path: "/login/external/callback",
    request: { query: externalLoginCallbackQuery },
    responses: {
      200: {
        description: "Logged in; session cookie set.",
        content: { "application/json": { schema: externalLoginAnswer } },
      },
      400: errorBody("cookies_required, invalid_state or bad input."),
      401: errorBody("external_login_refused: the provider answered with an error."),
      403: errorBody("email_not_verified."),
      404: errorBody("No external login for this seller."),
      502: errorBody("external_login_unavailable."),
    },
  }),
};

export function registerExternalLogin(router: ApiRouter): void {
  router.openapi(routes.start, async (c) => {
    const query = c.req.valid("query");
    const call = await authCall(c, query._seller);
    const setup = externalLoginSetup(getTenant(call.seller.slug));
    if (!setup) throw externalLoginNotConfigured();
    try {
      const location = await startExternalLogin(call, setup, {
        returnPath: query.return,
        cartId: query.cart_id,
      });
      return c.redirect(location, 302);
    } catch (error) {
      const failed = error instanceof ProviderUnavailable ? "external_unavailable" : undefined;
      const limited = error instanceof ApiError && error.status === 429 ? "rate_limited" : undefined;
      const code = failed ?? limited;
      if (!code) throw error;
      // Back to the storefront the browser is on: `/` on the tenant's own host name.
      const { base } = requestStorefront(c.req.url, call.seller.slug);
      const back = safeRedirectPath(query.return, call.seller.slug, base);
      return c.redirect(loginPageHref(call.seller.slug, back, { error: code }, base), 302);
    }
  });

  router.openapi(routes.callback, async (c) => {
    const query = c.req.valid("query");
    const call = await authCall(c, query._seller);
    const setup = externalLoginSetup(getTenant(call.seller.slug));
    if (!setup) throw externalLoginNotConfigured();
    const params = new URL(c.req.url).searchParams;
    params.delete("_seller");
    const answer = await finishExternalLogin(call, setup, {
      state: query.state,
      error: query.error,
      params,
    });
    return c.json(answer, 200);
  });
}
