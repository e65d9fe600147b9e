import { useCallback, useState } from "react";
import type { UnsubscribeResult } from "../../backend/port";
import { publicBackend } from "../../backend/public-backend";

export type UnsubscribeState =
  | { step: "ready" }
  | { step: "busy" }
  | { step: "done"; result: UnsubscribeResult }
  /** The configured back end has no server to check the token (the Firebase build). */
  | { step: "unsupported" };

/** One click, one POST; a repeat is harmless (the server answers "already-unsubscribed"). */
export function useUnsubscribe(token: string) {
  const [state, setState] = useState<UnsubscribeState>({ step: "ready" });
  const confirm = useCallback(async () => {
    setState({ step: "busy" });
    try {
      const backend = await publicBackend();
      if (!backend.unsubscribe) return setState({ step: "unsupported" });
      setState({ step: "done", result: await backend.unsubscribe(token) });
    } catch (error) {
      console.error("Unsubscribe failed:", error);
      setState({ step: "done", result: { ok: false, reason: "network", message: "Could not reach the server." } });
    }
  }, [token]);
  return { state, confirm };
}
