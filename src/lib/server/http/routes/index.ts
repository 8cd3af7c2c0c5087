import type { ApiRouter } from "../router.ts";
import { registerAccountOrders } from "./account-orders.ts";
import { registerAccountProfile } from "./account-profile.ts";
import { registerAdminDesk } from "./admin/desk.ts";
import { registerAdminOperations } from "./admin/operations.ts";
import { registerAdminStaff } from "./admin/staff.ts";
import { registerAuth } from "./auth.ts";
import { registerCalendar } from "./calendar.ts";
import { registerCart } from "./cart.ts";
import { registerCartRemovals } from "./cart-removals.ts";
import { registerCatalogue } from "./catalogue.ts";
import { registerCheckout } from "./checkout.ts";
import { registerCompatCart } from "./compat-cart.ts";
import { registerCompatOrders } from "./compat-orders.ts";
import { registerEvents } from "./events.ts";
import { registerExternalLogin } from "./external-login.ts";
import { registerHealth } from "./health.ts";
import { registerImage } from "./image.ts";
import { registerManage } from "./manage.ts";
import { registerManageEdit } from "./manage-edit.ts";
import { registerMembership } from "./membership.ts";
import { registerMembershipAutoRenew } from "./membership-auto-renew.ts";
import { registerMembershipGift } from "./membership-gift.ts";
import { registerOrders } from "./orders.ts";
import { registerSessions } from "./sessions.ts";
import { registerStripeWebhook } from "./stripe-webhook.ts";
import { registerTickets } from "./tickets.ts";

/** Every route module registers itself here. */
export function registerRoutes(router: ApiRouter): void {
  registerHealth(router);
  registerAdminStaff(router);
  registerAdminOperations(router);
  registerAdminDesk(router);
  registerSessions(router);
  registerCalendar(router);
  registerEvents(router);
  registerCatalogue(router);
  registerImage(router);
  registerCart(router);
  registerCartRemovals(router);
  registerCompatCart(router);
  registerCheckout(router);
  registerManageEdit(router);
  registerCompatOrders(router);
  registerOrders(router);
  registerTickets(router);
  registerAccountOrders(router);
  registerManage(router);
  registerMembership(router);
  registerMembershipAutoRenew(router);
  registerAccountProfile(router);
  registerMembershipGift(router);
  registerAuth(router);
  // After registerAuth: its /login/* middleware (/api only, no-store) covers these routes too.
  registerExternalLogin(router);
  registerStripeWebhook(router);
}
