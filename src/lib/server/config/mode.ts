/**
 * The server's one switch between its two modes (DESIGN §5), read from the environment here and
 * nowhere else:
 * - **demo**: `npm start` with nothing configured. Embedded database, demo tenants, the test
 *   gateway, the mailbox at /_mail, loopback only.
 * - **production**: a real shop. The server refuses to start with unsafe settings
 *   (config/startup.ts), session cookies are always Secure, the mailbox is off.
 *
 * `FOYER_MODE=demo|production` sets it. When unset, `NODE_ENV=production` means production and
 * anything else demo: hosts that set NODE_ENV=production for every Node service get the safe
 * mode without knowing about FOYER_MODE, and `npm start` (which sets nothing) stays the demo.
 */
import { z } from "zod";

export const FOYER_MODES = ["demo", "production"] as const;
export type FoyerMode = (typeof FOYER_MODES)[number];

const modeSchema = z.enum(FOYER_MODES);

/** The FOYER_MODE value when it is set but names no mode (the startup check refuses it). */
export function invalidModeSetting(env: NodeJS.ProcessEnv = process.env): boolean {
  const raw = env.FOYER_MODE?.trim();
  return Boolean(raw) && !modeSchema.safeParse(raw?.toLowerCase()).success;
}

/**
 * The mode. An unknown FOYER_MODE counts as production here (the strict side) so that nothing
 * runs in demo mode by a typo; the startup check refuses it with a message anyway.
 */
export function foyerMode(env: NodeJS.ProcessEnv = process.env): FoyerMode {
  const raw = env.FOYER_MODE?.trim().toLowerCase();
  if (raw) {
    const parsed = modeSchema.safeParse(raw);
    return parsed.success ? parsed.data : "production";
  }
  return env.NODE_ENV === "production" ? "production" : "demo";
}

export function isProductionMode(env: NodeJS.ProcessEnv = process.env): boolean {
  return foyerMode(env) === "production";
}
