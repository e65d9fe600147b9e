import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { Button } from "../../../components/ui/button";
import { NOTE_MAX_LENGTH } from "../../../domain/workspace";
import { formatCount } from "../common/format";

interface NoteFormProps {
  /** What was typed for this record before the panel moved on (kept per record). */
  draft: string;
  onDraftChange: (draft: string) => void;
  /** Resolves once saved; rejects with the reason to show. */
  onAdd: (body: string) => Promise<void>;
}

/** A plain-text note on the record; Ctrl or Cmd + Enter adds it too. */
export function NoteForm({ draft, onDraftChange, onAdd }: NoteFormProps) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const body = draft.trim();
  const tooLong = draft.length > NOTE_MAX_LENGTH;

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!body || tooLong || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onAdd(body);
      onDraftChange("");
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "The note could not be saved.");
    } finally {
      setBusy(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) void submit(event);
  }

  return (
    <form onSubmit={submit} aria-label="New note" className="grid gap-2">
      <label htmlFor={`${id}-body`} className="text-sm font-medium text-slate-800">
        Add a note
      </label>
      <textarea
        id={`${id}-body`}
        value={draft}
        onChange={(event) => onDraftChange(event.target.value)}
        onKeyDown={onKeyDown}
        maxLength={NOTE_MAX_LENGTH}
        rows={3}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ""}`}
        aria-invalid={error || tooLong ? true : undefined}
        placeholder="What did the call say? Plain text, visible to all staff."
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/40"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          id={`${id}-count`}
          className={`text-xs tabular-nums ${draft.length >= NOTE_MAX_LENGTH ? "font-semibold text-red-800" : "text-slate-600"}`}
        >
          {formatCount(draft.length)} / {formatCount(NOTE_MAX_LENGTH)} characters
        </p>
        <Button type="submit" size="sm" disabled={!body || tooLong || busy} aria-busy={busy || undefined}>
          {busy ? "Adding…" : "Add note"}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </form>
  );
}
