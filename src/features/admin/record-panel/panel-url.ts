import { COLLECTIONS, type Collection } from "../../../domain/status";

// The open record lives in the dashboard's address, `?tab=leads&record=<id>`, so a link opens it and
// Back closes it.

export interface PanelTarget {
  collection: Collection;
  id: string;
}

const MAX_ID_LENGTH = 200;

/** The record the address opens, or null; a record with no (or an unknown) tab is a lead. */
export function panelTarget(params: URLSearchParams): PanelTarget | null {
  const id = params.get("record")?.trim() ?? "";
  if (!id || id.length > MAX_ID_LENGTH) return null;
  const tab = params.get("tab") ?? "";
  const collection = (COLLECTIONS as readonly string[]).includes(tab) ? (tab as Collection) : "leads";
  return { collection, id };
}

/** The address's parameters with the panel opened on `target`, or closed; the rest (a search) kept. */
export function withPanel(params: URLSearchParams, target: PanelTarget | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (target) {
    next.set("tab", target.collection);
    next.set("record", target.id);
  } else {
    next.delete("record");
  }
  return next;
}

export const sameTarget = (a: PanelTarget | null, b: PanelTarget | null) =>
  a?.collection === b?.collection && a?.id === b?.id;
