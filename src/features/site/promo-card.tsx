import { lazy, Suspense } from "react";
import { usePromoVisibility } from "./use-promo-visibility";

// The card is never in the prerendered HTML and shows only after 800 px of scroll, so its code loads then.
const PromoCardPanel = lazy(() => import("./promo-card-panel").then((module) => ({ default: module.PromoCardPanel })));

/** The floating offer on the home page; unmounted while hidden so it never traps focus or screen readers. */
export function PromoCard() {
  const { visible, dismiss } = usePromoVisibility();
  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <PromoCardPanel onDismiss={dismiss} />
    </Suspense>
  );
}
