/**
 * A response with its headers changed: in place when they can be (a page's or an API handler's
 * answer), on a copy when they are immutable (Response.redirect, an answer from fetch), where
 * setting one throws before anything changed. The middlewares add their headers this way, so an
 * answer is copied only when it must be.
 */
export function withEditedHeaders(response: Response, edit: (headers: Headers) => void): Response {
  try {
    edit(response.headers);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    edit(copy.headers);
    return copy;
  }
}
