/**
 * The HTML of a part of a page that is a pure function of shared, immutable values (the
 * listing's SSR without the page cache): kept per combination of those values, so the next page
 * that shows the same part writes the kept string rather than rendering it again. The listing's
 * card list is one: it depends only on the frozen catalogue answers (server/http/stored-json.ts,
 * one object per answer while the answer cache holds it), the tenant (one object until reloaded)
 * and the page's router base. The rest of the page (who is logged in, the cart, the filters) is
 * rendered per request as before.
 *
 * Object keys are held weakly, so a kept fragment goes when its answer does; string keys are held
 * in a bounded map under them. Pass only values the fragment is a pure function of: a key that is
 * a new object on every request keeps nothing (and costs nothing but a WeakMap entry).
 */

export type FragmentKey = object | string | undefined;

const MAX_PRIMITIVE_KEYS = 64;

interface Node {
  weak?: WeakMap<object, Node>;
  strong?: Map<string | undefined, Node>;
  html?: string;
}

const root: Node = {};

function child(node: Node, key: FragmentKey, create: boolean): Node | undefined {
  if (typeof key === "object" && key !== null) {
    const found = node.weak?.get(key);
    if (found || !create) return found;
    const made: Node = {};
    node.weak ??= new WeakMap();
    node.weak.set(key, made);
    return made;
  }
  const found = node.strong?.get(key);
  if (found || !create) return found;
  const made: Node = {};
  node.strong ??= new Map();
  // Bounded: a caller that passed a per-request string would otherwise grow it for ever.
  if (node.strong.size >= MAX_PRIMITIVE_KEYS) node.strong.clear();
  node.strong.set(key, made);
  return made;
}

/** The kept HTML for these keys, or undefined. */
export function keptFragment(keys: readonly FragmentKey[]): string | undefined {
  let node: Node | undefined = root;
  for (const key of keys) {
    node = child(node, key, false);
    if (!node) return undefined;
  }
  return node.html;
}

/** Keeps the HTML for these keys and answers it. */
export function keepFragment(keys: readonly FragmentKey[], html: string): string {
  let node: Node = root;
  for (const key of keys) node = child(node, key, true) as Node;
  node.html = html;
  return html;
}
