// Which rows of a table are ticked for a bulk change. Pure, so the range and "all shown" rules are
// tested without a browser; the table and the bulk bar hold the state.

export interface Selection {
  ids: ReadonlySet<string>;
  /** The row last ticked or unticked by hand: a shift-click reaches from it. */
  anchor: string | null;
}

export const NO_SELECTION: Selection = { ids: new Set(), anchor: null };

/**
 * The selection after a row's box is set to `checked`. With `range` (shift held) every row between the
 * anchor and this one, in the order shown, takes the same state; without an anchor in view, only this row.
 */
export function toggle(
  selection: Selection,
  orderedIds: readonly string[],
  id: string,
  checked: boolean,
  range = false,
): Selection {
  const ids = new Set(selection.ids);
  const from = range && selection.anchor !== null ? orderedIds.indexOf(selection.anchor) : -1;
  const to = orderedIds.indexOf(id);
  const span = from >= 0 && to >= 0 ? orderedIds.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
  for (const each of span) {
    if (checked) ids.add(each);
    else ids.delete(each);
  }
  return { ids, anchor: id };
}

/** The header box: all shown rows ticked, some, or none. */
export function shownState(selection: Selection, shownIds: readonly string[]): "all" | "some" | "none" {
  const ticked = shownIds.filter((id) => selection.ids.has(id)).length;
  if (ticked === 0) return "none";
  return ticked === shownIds.length ? "all" : "some";
}

/** Ticks (or unticks) every shown row, leaving rows selected elsewhere as they are. */
export function setShown(selection: Selection, shownIds: readonly string[], checked: boolean): Selection {
  const ids = new Set(selection.ids);
  for (const id of shownIds) {
    if (checked) ids.add(id);
    else ids.delete(id);
  }
  return { ids, anchor: null };
}

/** Exactly these ids (all matching a filter, as collected from the list), capped at `max`. */
export function selectIds(ids: readonly string[], max: number): Selection {
  return { ids: new Set(ids.slice(0, max)), anchor: null };
}
