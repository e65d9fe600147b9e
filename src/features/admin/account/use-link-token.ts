import { useEffect, useState } from "react";
import { tokenFromFragment } from "./account-rules";

/**
 * The token of the emailed link this page was opened with (`#token=...`). Once read it is taken out of
 * the address bar, so it is not left in the history, a bookmark or a screenshot.
 */
export function useLinkToken(): string | null {
  // These pages render in the browser only (not prerendered), so the address is there from the start.
  const [token] = useState(() => tokenFromFragment(window.location.hash));
  useEffect(() => {
    if (tokenFromFragment(window.location.hash) === null) return;
    // The router's own state is kept, so Back and its scroll restoration still work.
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
  }, []);
  return token;
}
