import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";
import { scrollBehavior } from "./reduced-motion";

/**
 * Scrolls to the top whenever the pathname changes: every route change scrolls smoothly to the top.
 * Skipped on first render, for in-page anchors (#hash) and for back/forward, where
 * <ScrollRestoration> puts the visitor back where they were.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (hash || navigationType === "POP") return;
    window.scrollTo({ top: 0, behavior: scrollBehavior() });
    // Only the pathname should trigger this; hash and navigation type are read as of that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  return null;
}
