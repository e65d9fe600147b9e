import { FilterX } from "lucide-react";
import { Button } from "../../../components/ui/button";

export interface EmptyStateProps {
  text: string;
  /** With filters on: the way back to every record. */
  onClearFilters?: () => void;
}

/** What the list shows with no rows: still loading, failed, none at all, or none matching the filters. */
export function emptyStateFor(
  list: { loaded: boolean; error: string | null },
  filtered: boolean,
  texts: { emptyText: string; noMatchText: string },
  onClearFilters: () => void,
): EmptyStateProps {
  if (list.error) return { text: list.error };
  // Not "No leads yet." while a new search is on its way.
  if (!list.loaded) return { text: "Loading…" };
  return filtered ? { text: texts.noMatchText, onClearFilters } : { text: texts.emptyText };
}

/** What a record tab shows with nothing to list: none yet, none matching (with Clear filters), or why. */
export function EmptyState({ text, onClearFilters }: EmptyStateProps) {
  return (
    <div className="grid justify-items-center gap-3 px-4 py-10 text-center text-slate-600" data-empty="">
      <p>{text}</p>
      {onClearFilters && (
        <Button variant="outline" size="sm" onClick={onClearFilters}>
          <FilterX aria-hidden="true" className="h-4 w-4" /> Clear filters
        </Button>
      )}
    </div>
  );
}
