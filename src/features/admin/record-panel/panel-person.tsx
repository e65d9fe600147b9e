import { Loader2 } from "lucide-react";
import { useId } from "react";
import type { Collection } from "../../../domain/status";
import type { Note, PersonView } from "../../../domain/workspace";
import type { PanelTarget } from "./panel-url";
import { PersonRecords } from "./person-records";
import { Timeline } from "./timeline";
import type { TimelineItem } from "./timeline-format";
import type { LoadStatus } from "./panel-store";

// The person the open record belongs to: their other records, and their timeline.

const headingClass = "text-xs font-semibold tracking-wide text-slate-600 uppercase";

/** "This person has 3 records": the others, to open; nothing for a person with one record. */
export function PersonRecordsSection({
  view,
  target,
  onOpenRecord,
}: {
  view: PersonView | null;
  target: PanelTarget;
  onOpenRecord: (collection: Collection, id: string) => void;
}) {
  const id = useId();
  if (!view || view.person.records.length < 2) return null;
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className={`mb-2 ${headingClass}`}>
        This person has {view.person.records.length} records
      </h3>
      <PersonRecords records={view.person.records} current={target} onOpen={onOpenRecord} />
    </section>
  );
}

interface TimelineSectionProps {
  target: PanelTarget;
  view: PersonView | null;
  status: LoadStatus;
  items: TimelineItem[];
  me: string | undefined;
  onDeleteNote: (note: Note) => Promise<void>;
  onOpenRecord: (collection: Collection, id: string) => void;
  onRetry: () => void;
}

/** The person's timeline, newest first, or why it is not there yet. */
export function TimelineSection({
  target,
  view,
  status,
  items,
  me,
  onDeleteNote,
  onOpenRecord,
  onRetry,
}: TimelineSectionProps) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className={`mb-3 ${headingClass}`}>
        Timeline
      </h3>
      {view ? (
        <Timeline
          items={items}
          records={view.person.records}
          current={target}
          me={me}
          onOpenRecord={onOpenRecord}
          onDeleteNote={onDeleteNote}
        />
      ) : status === "failed" ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          Could not load this person's timeline.{" "}
          <button type="button" onClick={onRetry} className="underline underline-offset-2">
            Try again
          </button>
        </p>
      ) : (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> Loading timeline…
        </p>
      )}
    </section>
  );
}
