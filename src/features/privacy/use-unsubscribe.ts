import { useLinkAction } from "./use-link-action";

/** One click, one POST; a repeat is harmless (the server answers "already-unsubscribed"). */
export const useUnsubscribe = () => useLinkAction((backend, token) => backend.unsubscribe?.(token), "Unsubscribe");
