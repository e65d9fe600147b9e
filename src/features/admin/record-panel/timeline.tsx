import {
  ArrowRightLeft,
  FileText,
  Mail,
  ShieldAlert,
  ShieldCheck,
  ShieldOff,
  StickyNote,
  Trash2,
  UserCheck,
  type LucideIcon,
} from "lucide-react";
import { useState } from "react";
import { AdminApiError } from "../../../backend/admin-port";
import { Button } from "../../../components/ui/button";
import type { Collection } from "../../../domain/status";
import type { Note, PersonRecord, TimelineKind } from "../../../domain/workspace";
import { formatDate } from "../common/format";
import { useNow } from "../common/use-now";
import { TYPE_LABELS } from "./field-rows";
import { actorName, canDeleteNote, type TimelineItem } from "./timeline-format";

const ICONS: Record<TimelineKind, LucideIcon> = {
  submitted: FileText,
  "status-changed": ArrowRightLeft,
  note: StickyNote,
  "note-deleted": Trash2,
  assigned: UserCheck,
  "spam-decision": ShieldAlert,
  "email-sent": Mail,
  "consent-given": ShieldCheck,
  "consent-withdrawn": ShieldOff,
};

interface TimelineProps {
  items: TimelineItem[];
  /** The person's records, to name the one an entry is about when they have several. */
  records: readonly PersonRecord[];
  /** The record open in the panel. */
  current: { collection: Collection; id: string };
  me: string | undefined;
  onOpenRecord: (collection: Collection, id: string) => void;
  onDeleteNote: (note: Note) => Promise<void>;
}

/** Delete, then "Delete this note?" with the real button: a slip of the mouse deletes nothing. */
function DeleteNote({ note, onDelete }: { note: Note; onDelete: (note: Note) => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    setBusy(true);
    setError(null);
    try {
      await onDelete(note);
    } catch (failure) {
      console.error("Deleting the note failed:", failure);
      setError(
        failure instanceof AdminApiError && failure.status === 403
          ? "Only the note's author can delete it, within 15 minutes of writing it."
          : "The note could not be deleted. Try again.",
      );
      setBusy(false);
    }
  }

  return (
    <div className="mt-1 flex flex-wrap items-center gap-2">
      {confirming ? (
        <>
          <span className="text-sm text-slate-800">Delete this note?</span>
          <Button variant="danger" size="sm" onClick={remove} disabled={busy} aria-busy={busy || undefined}>
            Delete note
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirming(false)} disabled={busy}>
            Keep
          </Button>
        </>
      ) : (
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} className="-ml-3">
          <Trash2 aria-hidden="true" className="h-4 w-4" /> Delete
        </Button>
      )}
      {error && (
        <p role="alert" className="w-full text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/** The person's timeline, newest first. */
export function Timeline({ items, records, current, me, onOpenRecord, onDeleteNote }: TimelineProps) {
  // The Delete button of one's own note disappears by itself when its 15 minutes are up.
  const now = useNow(15_000);
  const several = records.length > 1;
  const recordName = (collection: Collection, id: string) => {
    const record = records.find((each) => each.collection === collection && each.id === id);
    return record ? (TYPE_LABELS[record.type] ?? record.type).toLowerCase() : null;
  };

  if (items.length === 0) return <p className="text-sm text-slate-600">Nothing has happened yet.</p>;
  return (
    <ol className="grid gap-0" aria-label="Timeline entries">
      {items.map((item) => {
        const Icon = ICONS[item.kind];
        const about = item.about;
        const aboutName = several && about ? recordName(about.collection, about.recordId) : null;
        const elsewhere = about !== null && !(about.collection === current.collection && about.recordId === current.id);
        return (
          <li
            key={item.key}
            data-kind={item.kind}
            className="relative flex gap-3 border-l border-slate-200 pb-4 pl-5 last:pb-0"
          >
            <span className="absolute top-0 -left-3 flex h-6 w-6 items-center justify-center rounded-full border border-slate-200 bg-white">
              <Icon aria-hidden="true" className="h-3.5 w-3.5 text-brand-700" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-sm">
                <span className="font-semibold text-slate-900">{item.title}</span>
                {item.actor && <span className="text-slate-700"> by {actorName(item.actor, me)}</span>}
              </p>
              <p className="text-xs text-slate-600">
                <time dateTime={item.at}>{formatDate(item.at)}</time>
                {item.detail && <> · {item.detail}</>}
                {aboutName && about && (
                  <>
                    {" · "}
                    {elsewhere ? (
                      <button
                        type="button"
                        onClick={() => onOpenRecord(about.collection, about.recordId)}
                        className="font-medium text-brand-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-600"
                      >
                        on the {aboutName}
                      </button>
                    ) : (
                      <>on this {aboutName}</>
                    )}
                  </>
                )}
              </p>
              {item.body !== null && (
                <p className="mt-1 rounded-md bg-amber-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-900">
                  {item.body}
                </p>
              )}
              {item.note && canDeleteNote(item.note, me, now) && (
                <DeleteNote note={item.note} onDelete={onDeleteNote} />
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
