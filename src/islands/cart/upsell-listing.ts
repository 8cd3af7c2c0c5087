/**
 * The upsell listing's page behaviour (spec 1 §2 "Event listing"): when the cart has items the
 * listing shows the add-on banner, hides the events that cannot be added (an add-on without its
 * anchor, or one that already matches the anchor's tickets), and shows hidden (link-only) events once the cart has an anchor they are an add-on of
 * (rule: listedWithCart in cart-items.ts); with nothing left to add it goes to checkout.
 * The listing page renders the markup (data-upsell-* attributes); this only toggles `hidden`.
 */
import { useEffect } from "react";
import { listedWithCart, ticketCount } from "../../lib/domain/cart-items.ts";
import type { CartSnapshot } from "../../lib/stores/cart.ts";

export function useUpsellListing(
  enabled: boolean,
  snapshot: CartSnapshot | null,
  checked: boolean,
  checkoutPath: string,
): void {
  useEffect(() => {
    if (!enabled) return;
    const listing = document.querySelector<HTMLElement>("[data-upsell-listing]");
    const banner = document.querySelector<HTMLElement>("[data-upsell-banner]");
    const cards = [...document.querySelectorAll<HTMLElement>("[data-upsell-event]")];
    const current =
      snapshot && snapshot.localExpiresAt > Date.now() && ticketCount(snapshot.envelope) > 0
        ? snapshot
        : null;
    let offered = 0;
    for (const card of cards) {
      const show = listedWithCart(current?.envelope ?? null, {
        eventId: card.dataset.upsellEvent ?? "",
        requiresAnchor: card.dataset.requiresAnchor === "true",
        mustMatchAnchor: card.dataset.mustMatchAnchor === "true",
        hiddenEvent: card.dataset.hiddenEvent === "true",
        anchorEventIds: (card.dataset.anchorEvents ?? "").split(",").filter(Boolean),
      });
      card.hidden = !show;
      if (show) offered += 1;
    }
    if (banner) banner.hidden = !current;
    // Spec §2: with no events left to add the upsell listing goes to checkout. Never on a filtered
    // listing (the shopper narrowed it) and never before the stored cart was checked with the server.
    if (current && checked && offered === 0 && listing?.dataset.filtered !== "true") {
      window.location.replace(checkoutPath);
    }
  }, [enabled, snapshot, checked, checkoutPath]);
}
