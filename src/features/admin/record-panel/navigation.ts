import { formatCount } from "../common/format";

// Walking the current filtered list from the record panel with j/k or ↓/↑. Pure: the panel asks where a
// key leads and does it.

export type Step = 1 | -1;

/** Where a step leads: another record, the next page first (at the end of what is loaded), or nowhere. */
export type Move = { kind: "go"; id: string } | { kind: "load-more" } | { kind: "stay" };

/**
 * The record `step` away from `current` in `ids` (the list as shown, newest first). A record not in the
 * list (opened by a link, or filtered out since) steps to the list's first record going down.
 */
export function neighbour(ids: readonly string[], current: string, step: Step, hasMore: boolean): Move {
  const index = ids.indexOf(current);
  if (index < 0) return step === 1 && ids.length > 0 ? { kind: "go", id: ids[0]! } : { kind: "stay" };
  const next = ids[index + step];
  if (next !== undefined) return { kind: "go", id: next };
  return step === 1 && hasMore ? { kind: "load-more" } : { kind: "stay" };
}

/** What a focused element does with letters and arrows itself, so the panel must leave them alone. */
interface FocusTarget {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
}

const NOT_TYPING_INPUTS = new Set(["checkbox", "radio", "button", "submit", "reset"]);

export function isTypingTarget(target: FocusTarget | null): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName?.toUpperCase();
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  return tag === "INPUT" && !NOT_TYPING_INPUTS.has((target.type ?? "text").toLowerCase());
}

interface KeyPress {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  target: EventTarget | null;
}

/** j or ↓: the next record; k or ↑: the previous; nothing while typing or with a modifier held. */
export function stepForKey(press: KeyPress): Step | null {
  if (press.altKey || press.ctrlKey || press.metaKey || isTypingTarget(press.target as FocusTarget | null)) return null;
  if (press.key === "j" || press.key === "ArrowDown") return 1;
  if (press.key === "k" || press.key === "ArrowUp") return -1;
  return null;
}

/** "3 of 120" (of those loaded; "120+" while more can be loaded), or null when the record is not in the list. */
export function positionText(ids: readonly string[], current: string, hasMore: boolean): string | null {
  const index = ids.indexOf(current);
  if (index < 0) return null;
  return `${formatCount(index + 1)} of ${formatCount(ids.length)}${hasMore ? "+" : ""}`;
}
