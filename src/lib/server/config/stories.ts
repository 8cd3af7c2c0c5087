/**
 * The component gallery at /_stories (spec 2 §2: "Component gallery, outside production only"):
 * served in demo mode (config/mode.ts), answered 404 in production mode, like the mailbox.
 */
import { foyerMode } from "./mode.ts";

export function storiesEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return foyerMode(env) === "demo";
}
