import { useSyncExternalStore } from "react";

function subscribe() {
  return () => {};
}

/**
 * False in the server's HTML and during hydration, true once React runs in the browser: for
 * controls that only work with JavaScript, so the page without it never offers a dead button.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
