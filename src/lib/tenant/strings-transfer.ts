/**
 * Default texts of /transfer-cart/{cartId}. Spread into strings.ts's defaultStrings. The
 * three refusals are spec 2 §8's ("Transfer cart") and the booked one is §8's "Cart already
 * booked"; the rest is worded here.
 */
export const transferStrings = {
  "transfer.title": "Your cart",
  "transfer.loading": "Loading your cart…",
  "transfer.continue": "Continue",
  "transfer.notFound": "Cart not found",
  "transfer.accessDenied": "Access denied to cart",
  "transfer.otherMember": "This cart belongs to another member",
  "transfer.expired": "This cart has expired. Please choose your tickets again.",
  "transfer.booked": "Cart with order ID {id} has been booked.",
  "transfer.login": "Log in to open this cart",
  "transfer.browse": "Browse events",
} as const;
