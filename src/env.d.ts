/** Per-request values the middleware (src/middleware.ts) gives pages and components. */
declare namespace App {
  interface Locals {
    /** The visitor logged in with the page's seller, or null (anonymous pages stay cacheable). */
    viewer: import("./lib/server/services/identity/viewer.ts").Viewer | null;
  }
}
