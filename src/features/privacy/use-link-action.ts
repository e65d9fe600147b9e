import { useState } from "react";
import { useSearchParams } from "react-router";
import type { PublicBackend } from "../../backend/port";
import { publicBackend } from "../../backend/public-backend";

type NetworkFailure = { ok: false; reason: "network"; message: string };

export type LinkActionState<R> =
  | { step: "ready" }
  | { step: "busy" }
  | { step: "done"; result: R | NetworkFailure }
  /** The configured back end has no server to check the token (the Firebase build). */
  | { step: "unsupported" };

export interface LinkActionHandle<R> {
  token: string;
  state: LinkActionState<R>;
  /** Makes the POST; the button's handler. */
  confirm: () => Promise<void>;
}

/**
 * The one POST of a page an emailed link opens (unsubscribe, confirm a subscription): made when its button
 * is pressed, never on load, since mail scanners and link previews open links too. The token in the link's
 * query is the only authority ("" when the link was cut short). `act` gives undefined where the configured
 * back end cannot do it; `what` names the action in the console.
 */
export function useLinkAction<R>(
  act: (backend: PublicBackend, token: string) => Promise<R> | undefined,
  what: string,
): LinkActionHandle<R> {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [state, setState] = useState<LinkActionState<R>>({ step: "ready" });
  async function confirm() {
    setState({ step: "busy" });
    try {
      const pending = act(await publicBackend(), token);
      if (!pending) return setState({ step: "unsupported" });
      setState({ step: "done", result: await pending });
    } catch (error) {
      console.error(`${what} failed:`, error);
      setState({ step: "done", result: { ok: false, reason: "network", message: "Could not reach the server." } });
    }
  }
  return { token, state, confirm };
}
