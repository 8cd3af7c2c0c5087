/**
 * The gallery never calls the API: an island that reads on mount (the membership form reads its
 * level rules) gets this fetch in its place. It answers the paths it knows from fixtures and every
 * other call with a 503, so a story never depends on the server's data.
 */
export type FixtureAnswers = Readonly<Record<string, unknown>>;

let installed = false;

/** Replaces window.fetch for /api and /cached_api calls (once per page); other URLs pass through. */
export function installFixtureFetch(answers: FixtureAnswers): void {
  if (installed || typeof window === "undefined") return;
  installed = true;
  const real = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    const path = url.pathname.replace(/^\/(cached_)?api\//, "");
    if (url.origin !== window.location.origin || path === url.pathname) return real(input, init);
    const body = answers[path];
    return body === undefined
      ? new Response(JSON.stringify({ error: "story_fixture", error_description: "Not in the gallery." }), {
          status: 503,
          headers: { "content-type": "application/json" },
        })
      : new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  };
}
