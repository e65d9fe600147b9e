import { AlertTriangle, ChevronDown, ChevronUp, Loader2, RotateCw } from "lucide-react";
import { Button } from "../../../components/ui/button";
import type { Step } from "./navigation";
import type { LoadStatus } from "./panel-store";

// The record panel's frame: where it stands in the list, what shows instead of a record, the keys.

/** The header's "3 of 120" and its previous and next buttons. */
export function PanelNavigation({ position, onStep }: { position: string | null; onStep: (step: Step) => void }) {
  return (
    <>
      {position && <span className="mr-1 text-sm text-slate-600 tabular-nums">{position}</span>}
      <Button
        variant="ghost"
        size="sm"
        aria-label="Previous record"
        aria-keyshortcuts="k ArrowUp"
        title="Previous record (k)"
        onClick={() => onStep(-1)}
      >
        <ChevronUp aria-hidden="true" className="h-5 w-5" />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label="Next record"
        aria-keyshortcuts="j ArrowDown"
        title="Next record (j)"
        onClick={() => onStep(1)}
      >
        <ChevronDown aria-hidden="true" className="h-5 w-5" />
      </Button>
    </>
  );
}

/** What the panel shows while there is no record to show: gone, failed, or on its way. */
export function NoRecord({ status, onRetry }: { status: LoadStatus; onRetry: () => void }) {
  if (status === "missing") {
    return (
      <div role="alert" className="m-5 flex gap-3 rounded-lg border border-slate-300 bg-slate-50 p-4">
        <AlertTriangle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-700" />
        <div>
          <p className="font-semibold">This record no longer exists</p>
          <p className="text-sm text-slate-700">
            It may have been erased on request, or removed by the retention policy.
          </p>
        </div>
      </div>
    );
  }
  if (status === "failed") {
    return (
      <div
        role="alert"
        className="m-5 grid justify-items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-950"
      >
        <p className="font-semibold">Could not load this record.</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCw aria-hidden="true" className="h-4 w-4" /> Try again
        </Button>
      </div>
    );
  }
  return (
    <div role="status" className="flex items-center gap-2 p-5 text-slate-700">
      <Loader2 aria-hidden="true" className="h-5 w-5 animate-spin text-brand-700" /> Loading record…
    </div>
  );
}

/** The panel's last line: its keys. */
export function KeyHelp() {
  return (
    <p className="border-t border-slate-200 pt-3 text-xs text-slate-600">
      <kbd className="font-sans font-semibold">j</kbd> / <kbd className="font-sans font-semibold">k</kbd> or ↓ / ↑: next
      or previous record · <kbd className="font-sans font-semibold">Esc</kbd>: close
    </p>
  );
}
