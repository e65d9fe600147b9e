import { useLinkAction } from "./use-link-action";

/** One click, one POST; a repeat is harmless (the server answers "already-unsubscribed"). */
export const useUnsubscribe = (token: string) => useLinkAction((backend) => backend.unsubscribe?.(token), "Unsubscribe");
