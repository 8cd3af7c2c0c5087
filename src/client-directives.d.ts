/** The storefront's own client directives (astro.config.mjs). */
import "astro";

declare module "astro" {
  interface AstroClientDirectives {
    /** The cart widget, started only with a cart: src/islands/cart/hydrate-with-cart.ts. The seller. */
    "client:cart"?: string;
  }
}
