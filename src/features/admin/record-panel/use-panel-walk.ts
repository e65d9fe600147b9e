import { useCallback, useEffect, useRef, type KeyboardEvent } from "react";
import { neighbour, stepForKey, type Step } from "./navigation";
import { sameTarget, type PanelTarget } from "./panel-url";
import type { PanelList } from "./panel-list";

/**
 * Walking the tab's filtered list from the panel: j/k or ↓/↑ (onKeyDown), the header's buttons (go),
 * and the person's records and the timeline's links (goTo). At the end of what is loaded a step asks
 * for the next page and is taken once it arrives.
 */
export function usePanelWalk(
  target: PanelTarget | null,
  list: PanelList | null,
  onNavigate: (target: PanelTarget) => void,
) {
  // Keys pressed faster than the address updates (a held j) each step on from the last step taken, not
  // from the record still shown.
  const walkingTo = useRef<PanelTarget | null>(null);
  useEffect(() => {
    if (!target || sameTarget(walkingTo.current, target)) walkingTo.current = null;
  }, [target]);
  const goTo = useCallback(
    (next: PanelTarget) => {
      walkingTo.current = next;
      onNavigate(next);
    },
    [onNavigate],
  );

  const pendingStep = useRef<Step | null>(null);
  const go = useCallback(
    (step: Step) => {
      const from = walkingTo.current ?? target;
      if (!from || !list) return;
      const move = neighbour(list.ids, from.id, step, list.hasMore);
      if (move.kind === "go") goTo({ collection: from.collection, id: move.id });
      else if (move.kind === "load-more") {
        pendingStep.current = step;
        list.loadMore();
      }
    },
    [target, list, goTo],
  );
  const loadedCount = list?.ids.length ?? 0;
  useEffect(() => {
    const step = pendingStep.current;
    const from = walkingTo.current ?? target;
    if (step === null || !from || !list) return;
    const move = neighbour(list.ids, from.id, step, false);
    if (move.kind === "go") {
      pendingStep.current = null;
      goTo({ collection: from.collection, id: move.id });
    } else if (!list.hasMore) pendingStep.current = null;
  }, [loadedCount, list, target, goTo]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      const step = stepForKey(event);
      if (step === null) return;
      event.preventDefault();
      go(step);
    },
    [go],
  );

  return { go, goTo, onKeyDown };
}
