import { useSyncExternalStore } from "react";

// The promo card appears once the page has scrolled past 800 px.
export const PROMO_SCROLL_THRESHOLD_PX = 800;
export const PROMO_DISMISSED_KEY = "erf:promo-dismissed";

function subscribeToScroll(onChange: () => void) {
  window.addEventListener("scroll", onChange, { passive: true });
  return () => window.removeEventListener("scroll", onChange);
}

const isScrolledPast = () => window.scrollY > PROMO_SCROLL_THRESHOLD_PX;

// Storage can be blocked (privacy modes); the dismissal then lives in memory for this page view.
let dismissedInMemory = false;
const dismissListeners = new Set<() => void>();

function isDismissed(): boolean {
  if (dismissedInMemory) return true;
  try {
    return window.sessionStorage.getItem(PROMO_DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

function subscribeToDismissal(onChange: () => void) {
  dismissListeners.add(onChange);
  return () => {
    dismissListeners.delete(onChange);
  };
}

function dismiss() {
  dismissedInMemory = true;
  try {
    window.sessionStorage.setItem(PROMO_DISMISSED_KEY, "1");
  } catch {
    // Kept in memory only; see above.
  }
  dismissListeners.forEach((listener) => listener());
}

/** Hidden until scrolled past the threshold; once dismissed, hidden for the rest of the browser session. */
export function usePromoVisibility() {
  // Server snapshots: the prerendered HTML never contains the card.
  const scrolledPast = useSyncExternalStore(subscribeToScroll, isScrolledPast, () => false);
  const dismissed = useSyncExternalStore(subscribeToDismissal, isDismissed, () => true);
  return { visible: scrolledPast && !dismissed, dismiss };
}
