/**
 * A failed API call as the domain reads it (the API client's error flattened to what the rules
 * need), and the spec's one rule for the words a shopper sees for it. The domain declares this
 * shape itself: it imports nothing from the API layer.
 */
export interface ApiFailure {
  /** The HTTP status; 0 when no answer came (a network failure, a timeout, a bug). */
  status: number;
  code: string;
  /** The first error entry's `_description` ("" when none). */
  description: string;
  extra: Record<string, unknown>;
}

/** Anything that is not an API answer: status 0, code "unexpected". */
export const UNEXPECTED_FAILURE: ApiFailure = Object.freeze({
  status: 0,
  code: "unexpected",
  description: "",
  extra: Object.freeze({}),
});

/**
 * Spec §8: "400-499 show the first _data item's _description"; any other failure, or one without a
 * usable description, shows the caller's generic text instead (null here).
 */
export function serverText(failure: Pick<ApiFailure, "status" | "description">): string | null {
  const usable = failure.status >= 400 && failure.status <= 499 && failure.description.trim() !== "";
  return usable ? failure.description : null;
}
