/**
 * Tickets in hand, the entry points the routes, pages and mail use:
 * - `walletPrecheck(ex, ticketId, who)`: spec 2 §3 `{wallet_precheck: [{provider, ok}]}`; ok only
 *   when the provider is configured (or in demo mode) and the ticket can have a pass.
 * - `ticketPkpass(ex, ticketId, who)`: the signed .pkpass bytes.
 * - `ticketGoogleSaveUrl(ex, ticketId, who, origins)`: the "Save to Google Wallet" link.
 * Access (access.ts): the order's logged-in owner or the holder of its manage token, else 404.
 * A ticket that can't have a pass (cancelled, a donation, ...) or a provider that is off is a 404
 * `no_wallet_pass` on the pass routes.
 */
import type { WalletPrecheckAnswer, WalletProviderName } from "../../../api/tickets/schemas.ts";
import type { Executor } from "../../db/executor.ts";
import { fail } from "../../errors/api-error.ts";
import { errorText } from "../../errors/catalogue.ts";
import { readableTicket, type TicketCaller } from "./access.ts";
import { googleSaveUrl } from "./gwpass.ts";
import { appleSigning, googleSigning, providerReady } from "./keys.ts";
import { passEligible } from "./pass-data.ts";
import { buildPkpass } from "./pkpass.ts";

export const NO_PASS_TEXT = errorText("no_wallet_pass");

const noPass = (provider: WalletProviderName) => fail("no_wallet_pass", { extra: { provider } });

export async function walletPrecheck(
  ex: Executor,
  ticketId: string,
  who: TicketCaller,
  env: NodeJS.ProcessEnv = process.env,
): Promise<WalletPrecheckAnswer> {
  const row = await readableTicket(ex, ticketId, who);
  const eligible = passEligible(row);
  return {
    wallet_precheck: (["apple", "google"] as const).map((provider) => ({
      provider,
      ok: eligible && providerReady(provider, env),
    })),
  };
}

export async function ticketPkpass(
  ex: Executor,
  ticketId: string,
  who: TicketCaller,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Buffer> {
  const row = await readableTicket(ex, ticketId, who);
  if (!passEligible(row)) throw noPass("apple");
  const signing = await appleSigning(ex, who.now, env);
  if (!signing) throw noPass("apple");
  return buildPkpass(row, signing);
}

export async function ticketGoogleSaveUrl(
  ex: Executor,
  ticketId: string,
  who: TicketCaller,
  origins: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const row = await readableTicket(ex, ticketId, who);
  if (!passEligible(row)) throw noPass("google");
  const account = await googleSigning(ex, who.now, env);
  if (!account) throw noPass("google");
  return googleSaveUrl(row, account, origins, who.now);
}
