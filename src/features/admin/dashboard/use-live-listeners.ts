import { useCallback, useRef } from "react";
import type { LiveEvent } from "../../../domain/admin";

type Listener = (event: LiveEvent) => void;

/** Lets parts of the dashboard that come and go (the record panel) hear the one live stream it keeps open. */
export function useLiveListeners() {
  const listeners = useRef(new Set<Listener>());
  const subscribe = useCallback((listener: Listener) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);
  const emit = useCallback((event: LiveEvent) => {
    for (const listener of listeners.current) listener(event);
  }, []);
  return { subscribe, emit };
}
