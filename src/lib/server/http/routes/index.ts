import type { ApiRouter } from "../app.ts";
import { registerHealth } from "./health.ts";

/** Every route module registers itself here. */
export function registerRoutes(router: ApiRouter): void {
  registerHealth(router);
}
