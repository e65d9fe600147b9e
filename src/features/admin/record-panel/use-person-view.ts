import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { AdminBackend } from "../../../backend/admin-port";
import type { PersonView } from "../../../domain/workspace";
import type { LoadStatus } from "./use-record-detail";

/** Live changes often come in bursts (a bulk change, a note and the status it moves): one read for each. */
const REFRESH_DELAY_MS = 150;

interface PersonState {
  personId: string | null;
  view: PersonView | null;
  status: LoadStatus;
}

/** The open record's person: their records and timeline, read again when something about them changes. */
export function usePersonView(backend: AdminBackend, personId: string | null) {
  const cache = useRef(new Map<string, PersonView>());
  const [state, setState] = useState<PersonState>({ personId: null, view: null, status: "loading" });
  const currentId = useRef(personId);
  useLayoutEffect(() => {
    currentId.current = personId;
  }, [personId]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const read = useCallback(
    async (id: string) => {
      try {
        const view = await backend.person(id);
        cache.current.set(id, view);
        if (currentId.current === id) setState({ personId: id, view, status: "ready" });
      } catch (error) {
        if (currentId.current !== id) return;
        console.error("Loading the person's timeline failed:", error);
        setState((s) => ({ personId: id, view: s.personId === id ? s.view : null, status: "failed" }));
      }
    },
    [backend],
  );

  useEffect(() => {
    if (!personId) return;
    const cached = cache.current.get(personId) ?? null;
    setState({ personId, view: cached, status: cached ? "ready" : "loading" });
    void read(personId);
  }, [personId, read]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const refresh = useCallback(() => {
    if (currentId.current) void read(currentId.current);
  }, [read]);

  /** Reads again shortly, once for a burst of changes. */
  const refreshSoon = useCallback(() => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      refresh();
    }, REFRESH_DELAY_MS);
  }, [refresh]);

  const current = state.personId === personId ? state : { view: null, status: "loading" as const };
  return { view: current.view, status: current.status, refresh, refreshSoon };
}
