import { useId } from "react";
import { NoteForm } from "./note-form";
import type { PanelTarget } from "./panel-url";

interface PanelNotesProps {
  target: PanelTarget;
  /** This record's note being written: kept per record while the panel walks the list. */
  draft: string;
  onDraftChange: (draft: string) => void;
  /** Resolves once saved; rejects with the reason to show. */
  onAdd: (body: string) => Promise<void>;
}

/** The note box of the open record (its notes themselves are in the timeline). */
export function PanelNotes({ target, draft, onDraftChange, onAdd }: PanelNotesProps) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="sr-only">
        Notes
      </h3>
      <NoteForm key={`${target.collection}/${target.id}`} draft={draft} onDraftChange={onDraftChange} onAdd={onAdd} />
    </section>
  );
}
