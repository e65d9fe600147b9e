import { useCallback, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from "react";
import type { PanelStore } from "./panel-store";

/** Live changes often come in bursts (a bulk change, a note and the status it moves): one read for each. */
const REFRESH_DELAY_MS = 150;

/** The open record's person: their records and timeline, read again when something about them changes. */
export function usePersonView(store: PanelStore, personId: string | null) {
  const entry = useSyncExternalStore(store.subscribe, () => (personId ? store.person(personId) : undefined));
  const currentId = useRef(personId);
  useLayoutEffect(() => {
    currentId.current = personId;
  }, [personId]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (personId) void store.readPerson(personId);
  }, [store, personId]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const refresh = useCallback(() => {
    if (currentId.current) void store.readPerson(currentId.current, true);
  }, [store]);

  /** Reads again shortly, once for a burst of changes. */
  const refreshSoon = useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      refresh();
    }, REFRESH_DELAY_MS);
  }, [refresh]);

  // A person nobody has any more (erased) is a timeline that could not be loaded, as any other failure.
  const status = entry?.status === "missing" ? "failed" : (entry?.status ?? "loading");
  return { view: entry?.value ?? null, status, refresh, refreshSoon };
}
