/**
 * Pushes an analytics event to the tag manager's dataLayer (spec 1 §7: "sent only with a
 * tag-manager container id"). The payloads are built in domain/analytics/ecommerce.ts.
 */
import type { AnalyticsEvent } from "../domain/analytics/ecommerce.ts";

interface DataLayerWindow {
  dataLayer?: unknown[];
}

export function pushAnalytics(tagManagerId: string | undefined, event: AnalyticsEvent): void {
  if (!tagManagerId || typeof window === "undefined") return;
  const w = window as unknown as DataLayerWindow;
  w.dataLayer ??= [];
  w.dataLayer.push(event);
}
