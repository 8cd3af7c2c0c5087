/**
 * The gallery's island (/_stories/{tenant}/{story}): renders one story's real components with the
 * fixture data its page built. Marks itself ready once mounted, so tests know it has hydrated.
 */
import "../islands/reserve/reserve.css";
import "../islands/checkout/checkout.css";
import "../islands/login/login.css";
import "../islands/reserve/seats/seats.css";
import "./gallery.css";
import { type ComponentType, useEffect, useState } from "react";
import type { StoryData } from "./fixtures/index.ts";
import type { IslandStoryId } from "./registry.ts";
import {
  CartExpiredStory,
  CartWidgetStory,
  DiscardOrCheckoutStory,
  ExtendCartStory,
  MobileCartStory,
  PromoCodeStory,
  RemoveItemStory,
} from "./views/CartStories.tsx";
import { CheckoutStory } from "./views/CheckoutStory.tsx";
import { CodeRequiredStory, LoginOrGuestStory, MembershipStory } from "./views/FormStories.tsx";
import { LoginStory } from "./views/LoginStory.tsx";
import { CalendarStory, SeatMapStory, SessionTabsStory, SteppersStory } from "./views/ReserveStories.tsx";

const VIEWS: Record<IslandStoryId, ComponentType<{ data: StoryData }>> = {
  calendar: CalendarStory,
  "session-tabs": SessionTabsStory,
  steppers: SteppersStory,
  "seat-map": SeatMapStory,
  "cart-widget": CartWidgetStory,
  "dialog-remove-item": RemoveItemStory,
  "dialog-promo-code": PromoCodeStory,
  "dialog-extend-cart": ExtendCartStory,
  "dialog-cart-expired": CartExpiredStory,
  "dialog-discard-or-checkout": DiscardOrCheckoutStory,
  "dialog-mobile-cart": MobileCartStory,
  "dialog-code-required": CodeRequiredStory,
  "dialog-login-or-guest": LoginOrGuestStory,
  "checkout-forms": CheckoutStory,
  "login-steps": LoginStory,
  "membership-form": MembershipStory,
};

export default function StoryIsland({ story, data }: { story: IslandStoryId; data: StoryData }) {
  const View = VIEWS[story];
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <div className="story" data-story={story} data-story-ready={ready ? "true" : undefined}>
      <View data={data} />
    </div>
  );
}
