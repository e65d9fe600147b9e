import { CheckSquare, Loader2, X } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import type { MatchCount } from "../../../domain/admin";
import type { Collection } from "../../../domain/status";
import { BULK_MAX, type RecordChangeRequest } from "../../../domain/workspace";
import { countOf, selectAllOffer } from "./bulk-summary";

interface BulkBarProps {
  collection: Collection;
  count: number;
  /** Every loaded row is ticked and more records may match: offer to take them all. */
  offerAll: boolean;
  /** How many records match the filters (null: not counted yet, or not countable here). */
  matching: MatchCount | null;
  collecting: boolean;
  /** More records matched than one change takes. */
  capped: boolean;
  /** Why the last selection or change failed. */
  error: string | null;
  statuses: readonly string[];
  staff: readonly string[];
  me: string | undefined;
  onSelectAll: () => void;
  onClear: () => void;
  /** Resolves to an error to show, or null once applied. */
  onApply: (change: RecordChangeRequest) => Promise<string | null>;
}

const KEEP = "";
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const NOBODY = "__unassigned";
const selectClass =
  "min-h-9 max-w-[15rem] rounded-md border border-slate-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600";

/** What to do with the ticked rows: a status, an owner, or both, in one all-or-nothing request. */
export function BulkBar({
  collection,
  count,
  offerAll,
  matching,
  collecting,
  capped,
  error,
  statuses,
  staff,
  me,
  onSelectAll,
  onClear,
  onApply,
}: BulkBarProps) {
  const id = useId();
  const [status, setStatus] = useState(KEEP);
  const [owner, setOwner] = useState(KEEP);
  const [busy, setBusy] = useState(false);
  const [applyError, setApplyError] = useState<string | null>(null);
  const shownError = applyError ?? error;
  const max = BULK_MAX.toLocaleString("en-ZA");
  const offer = selectAllOffer(matching);

  async function apply() {
    const change: RecordChangeRequest = {};
    if (status !== KEEP) change.status = status;
    if (owner !== KEEP) change.owner = owner === NOBODY ? null : owner;
    setBusy(true);
    setApplyError(null);
    const failure = await onApply(change);
    setBusy(false);
    setApplyError(failure);
    if (!failure) {
      setStatus(KEEP);
      setOwner(KEEP);
    }
  }

  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="mb-3 grid gap-2 rounded-lg border border-brand-600/40 bg-brand-50 px-4 py-3 text-sm"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="font-semibold text-slate-900" aria-live="polite">
          {countOf(collection, count)} selected
        </p>
        {offerAll && !collecting && (
          <>
            <Button variant="outline" size="sm" onClick={onSelectAll}>
              <CheckSquare aria-hidden="true" className="h-4 w-4" /> {offer.label}
            </Button>
            {offer.note && <span className="text-slate-700">{offer.note}</span>}
          </>
        )}
        {collecting && (
          <span role="status" className="inline-flex items-center gap-1 text-slate-700">
            <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> Selecting every match…
          </span>
        )}
        {capped && (
          <span className="text-slate-700">
            More than {max} match: the newest {max} are selected, the most one change takes.
          </span>
        )}
        <Button variant="ghost" size="sm" onClick={onClear} className="ml-auto">
          <X aria-hidden="true" className="h-4 w-4" /> Clear selection
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <label htmlFor={`${id}-status`} className="grid gap-1 font-medium text-slate-800">
          Set status
          <select
            id={`${id}-status`}
            value={status}
            onChange={(event) => setStatus(event.target.value)}
            className={selectClass}
          >
            <option value={KEEP}>Keep as is</option>
            {statuses.map((each) => (
              <option key={each} value={each}>
                {capitalise(each)}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={`${id}-owner`} className="grid gap-1 font-medium text-slate-800">
          Set owner
          <select
            id={`${id}-owner`}
            value={owner}
            onChange={(event) => setOwner(event.target.value)}
            className={selectClass}
          >
            <option value={KEEP}>Keep as is</option>
            <option value={NOBODY}>Unassigned</option>
            {staff.map((email) => (
              <option key={email} value={email}>
                {me && email.toLowerCase() === me.toLowerCase() ? `${email} (you)` : email}
              </option>
            ))}
          </select>
        </label>
        <Button
          size="sm"
          onClick={apply}
          disabled={busy || collecting || count === 0 || (status === KEEP && owner === KEEP)}
          aria-busy={busy || undefined}
        >
          {busy ? "Applying…" : `Apply to ${countOf(collection, count)}`}
        </Button>
      </div>
      {shownError && (
        <p role="alert" className="font-medium text-red-800">
          {shownError}
        </p>
      )}
    </div>
  );
}
