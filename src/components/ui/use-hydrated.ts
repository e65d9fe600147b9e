import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/**
 * False in the prerendered HTML and while React hydrates it, true from the render right after: for what
 * only the page's JavaScript can do (a form that checks itself, a button enabled by typing), which plain
 * HTML must not pretend to.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
