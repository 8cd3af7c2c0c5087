/**
 * A nanostores value, like @nanostores/react's useStore, except that a change renders as a React
 * transition. useStore subscribes through useSyncExternalStore, whose every update is a blocking,
 * synchronous render; for an island as large as checkout, the store updates at startup (the cart
 * adopted, the cart checked) were each one long task (checkout's total blocking time).
 * A transition renders in slices and yields to input. The value can lag the store by a render,
 * which no caller relies on: actions read the store itself.
 */
import type { ReadableAtom } from "nanostores";
import { startTransition, useEffect, useState } from "react";

/**
 * Calls `apply` with the store's value now (a change between a first render and the subscription
 * is not missed), then with every change, until the returned function is called.
 */
export function followStore<T>(store: ReadableAtom<T>, apply: (value: T) => void): () => void {
  apply(store.get());
  return store.listen(apply);
}

export function useStoreInTransition<T>(store: ReadableAtom<T>): T {
  const [value, setValue] = useState(() => store.get());
  useEffect(() => followStore(store, (next) => startTransition(() => setValue(() => next))), [store]);
  return value;
}
