import { useSyncExternalStore } from "react";

/** Tailwind's md breakpoint: from here up the record tabs are tables, below it lists of cards. */
const WIDE = "(min-width: 48rem)";

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/**
 * Whether the window is at least md wide. Read in script rather than left to CSS so only one of the
 * table and the cards is drawn: hidden cards for thousands of loaded rows would cost a desktop dearly.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
}
