/**
 * `web.external_login` (spec 1 §6 login mode `external`): the tenant's own OpenID Connect
 * identity provider (Auth0, Okta, Azure AD, ...). Unset, nothing of it shows: no button on the login
 * form and the callback path answers 404.
 *
 * Secrets never sit in the file: `client_secret_env` names the environment variable holding the
 * client secret (none: a public client, PKCE only). The issuer is either `issuer` or, for
 * deployments and test servers that set it per environment, `issuer_env` (the variable's name); an
 * `issuer_env` whose variable is unset leaves external login off.
 */
import { z } from "zod";

const envName = z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/, "an environment variable name (A-Z, 0-9, _)");

export const externalLoginSchema = z
  .object({
    /** 'Log in with {label}' on the button, and the provider's name in messages. */
    label: z.string().min(1).max(40),
    /** Auth0 keeps the spec's own texts ('Auth0 could not be initialized. Please try again.'). */
    provider: z.enum(["auth0", "other"]).default("other"),
    issuer: z.string().url().optional(),
    issuer_env: envName.optional(),
    client_id: z.string().min(1).max(200),
    client_secret_env: envName.optional(),
    /** How the client authenticates at the token endpoint; `none` without a secret. */
    token_auth: z.enum(["client_secret_basic", "client_secret_post"]).default("client_secret_basic"),
    scopes: z
      .array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]{1,100}$/))
      .max(20)
      .default(["openid", "email", "profile"]),
  })
  .refine((v) => (v.issuer === undefined) !== (v.issuer_env === undefined), {
    message: "Set exactly one of issuer and issuer_env.",
  })
  .refine((v) => v.scopes.includes("openid") && v.scopes.includes("email"), {
    message: "scopes must include openid and email.",
  });

export type ExternalLoginConfig = z.infer<typeof externalLoginSchema>;
