/** Cart settings from the environment. */
import { z } from "zod";

export const DEFAULT_HOLD_SECONDS = 900;

const holdSchema = z.coerce.number().int().min(10).max(86_400);

/** CART_HOLD_SECONDS (default 900): how long a new cart holds its tickets. */
export function holdSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.CART_HOLD_SECONDS;
  if (raw === undefined || raw === "") return DEFAULT_HOLD_SECONDS;
  const parsed = holdSchema.safeParse(raw);
  return parsed.success ? parsed.data : DEFAULT_HOLD_SECONDS;
}

/** The sweeper's period. */
export const SWEEP_INTERVAL_MS = 30_000;
