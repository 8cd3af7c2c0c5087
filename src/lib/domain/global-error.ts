/**
 * The global error screen's rule (spec 1 §8 "Unexpected API errors show a message with a Continue
 * link to the seller home. Unhandled rejections show a general error with Reload."; spec 2 §8
 * "Unexpected: 'Sorry, something unexpected happened. Please try again later.' Unhandled
 * rejections show a general error with a Reload action."). Pure: the page's script passes what
 * the window's `error` and `unhandledrejection` events carry.
 */

/** `reload`: the general error with Reload; `continue`: an API error, with Continue to the home. */
export type ErrorScreen = "reload" | "continue";

/** What an uncaught error (`error`) or an unhandled rejection (`rejection`) shows, or null for none. */
export function errorScreenFor(kind: "error" | "rejection", reason: unknown): ErrorScreen | null {
  // An `error` event without its error object is none of the page's own failures: a cross-origin
  // script ("Script error."), a third-party frame, or the browser's ResizeObserver notice.
  if (kind === "error" && (reason === null || reason === undefined)) return null;
  if (typeof reason === "object" && reason !== null) {
    const { name, status, code } = reason as { name?: unknown; status?: unknown; code?: unknown };
    // A request the browser stopped (the shopper left the page) is not a failure.
    if (name === "AbortError") return null;
    // The API client's error (ApiClientError): an answer no island expected.
    if (
      name === "ApiClientError" ||
      (typeof status === "number" && status >= 400 && typeof code === "string")
    )
      return "continue";
  }
  return "reload";
}
