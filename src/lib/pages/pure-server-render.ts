/**
 * Marks an island component whose server render is a pure function of its props (no clock, no
 * server-side store, nothing per request), so the server's React renderer keeps its HTML per
 * props rather than rendering it again on every page (src/perf/react-renderer-patch.mjs, point 3).
 * Set from the server side, where the island is used: the component's module, and so the
 * browser's bundle, stays as it is.
 */
export function markPureServerRender(component: object): void {
  (component as { pureServerRender?: boolean }).pureServerRender = true;
}
