import { AlertTriangle, ChevronDown, ChevronUp, Loader2, RotateCw } from "lucide-react";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { AdminApiError, type AdminBackend } from "../../../backend/admin-port";
import { Button } from "../../../components/ui/button";
import { Sheet } from "../../../components/ui/sheet";
import { useToast } from "../../../components/ui/toast";
import type { LiveEvent, RecordsByCollection } from "../../../domain/admin";
import { LEAD_STATUSES, NEWSLETTER_STAFF_STATUSES, NEWSLETTER_STATUSES, type Collection } from "../../../domain/status";
import { isOwnedCollection, type Note, type RecordChangeRequest, type RecordDetail } from "../../../domain/workspace";
import { StatusSelect } from "../records/status-select";
import { fieldSections, recordTitle, TYPE_LABELS } from "./field-rows";
import { neighbour, positionText, stepForKey, type Step } from "./navigation";
import { NoteForm } from "./note-form";
import { OwnerPicker } from "./owner-picker";
import { sameTarget, type PanelTarget } from "./panel-url";
import { PersonRecords } from "./person-records";
import { RecordFields } from "./record-fields";
import { Timeline } from "./timeline";
import { timelineItems } from "./timeline-format";
import { usePersonView } from "./use-person-view";
import { useRecordDetail } from "./use-record-detail";

type AnyRecord = RecordsByCollection[Collection];

/** The open tab's list as the panel walks it. */
export interface PanelList {
  ids: readonly string[];
  hasMore: boolean;
  loadMore: () => void;
  /** The row as the list holds it: shown at once while the full record loads. */
  find: (id: string) => AnyRecord | undefined;
}

interface RecordPanelProps {
  backend: AdminBackend;
  /** The record the address names; null: closed. */
  target: PanelTarget | null;
  me: string | undefined;
  /** Staff emails, for the owner picker. */
  staff: readonly string[];
  list: PanelList | null;
  /** Registers for the live stream's events; returns the unsubscribe function. */
  subscribe: (listener: (event: LiveEvent) => void) => () => void;
  /** Shows another record in the panel (j/k, the person's records, the timeline). */
  onNavigate: (target: PanelTarget) => void;
  onClose: () => void;
  /** A record this panel saved, for the tables to show at once. */
  onSaved: (collection: Collection, record: AnyRecord) => void;
  /** The panel closed on `target`: where focus goes back. */
  onClosed: (target: PanelTarget) => void;
}

const keyOf = (target: PanelTarget) => `${target.collection}/${target.id}`;

const saveFailure = (error: unknown, fallback: string) =>
  error instanceof AdminApiError && error.status === 400 && error.message ? error.message : fallback;

function statusOptions(collection: Collection, status: string): readonly string[] {
  if (collection !== "newsletter") return LEAD_STATUSES;
  return status === "pending" ? NEWSLETTER_STATUSES : NEWSLETTER_STAFF_STATUSES;
}

/**
 * The record panel: one record in full with its person's timeline, notes, owner and status, in a side
 * sheet over the dashboard. j/k or ↓/↑ walk the tab's filtered list; Escape or Back closes it.
 */
export function RecordPanel({ backend, target, me, staff, list, subscribe, onNavigate, onClose, onSaved, onClosed }: RecordPanelProps) {
  const showToast = useToast();
  // While the panel is open, the page behind it (the toasts' live regions too) is hidden from assistive
  // tech, so the panel says what its own actions did in a live region of its own.
  const [announcement, setAnnouncement] = useState("");
  const toast = useCallback(
    (message: { title: string; description?: string; variant?: "destructive" }) => {
      showToast(message);
      setAnnouncement(message.description ? `${message.title}. ${message.description}` : message.title);
    },
    [showToast],
  );
  const headingIds = useId();
  const { detail, status, reload, applyRecord } = useRecordDetail(backend, target);
  const person = usePersonView(backend, detail?.personId ?? null);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const lastTarget = useRef<PanelTarget | null>(target);
  useEffect(() => {
    if (target) lastTarget.current = target;
  }, [target]);

  // While the full record loads, the list's copy of it shows (its E.164 phone and consent follow).
  const seed = target ? list?.find(target.id) : undefined;
  const shown = useMemo<RecordDetail | null>(() => detail ?? (seed ? ({ ...seed, personId: "", phoneE164: null, consent: null } as RecordDetail) : null), [detail, seed]);
  const partial = detail === null;

  // Live: a change to the open record shows in place; one to any of the person's records (a note, an
  // assignment, a status, a new submission) re-reads their timeline; an erasure re-reads both.
  const view = person.view;
  const { refreshSoon } = person;
  useEffect(() => {
    if (!target) return undefined;
    return subscribe((event) => {
      if (event.op === "reload") {
        reload();
        refreshSoon();
        return;
      }
      if (event.collection === target.collection && event.record.id === target.id) applyRecord(event.record);
      const theirs =
        view !== null &&
        (view.person.records.some((record) => record.collection === event.collection && record.id === event.record.id) ||
          event.record.email.trim().toLowerCase() === view.person.email.trim().toLowerCase());
      if (theirs || (event.collection === target.collection && event.record.id === target.id)) refreshSoon();
    });
  }, [target, subscribe, reload, refreshSoon, applyRecord, view]);

  // Keys pressed faster than the address updates (a held j) each step on from the last step taken, not
  // from the record still shown.
  const walkingTo = useRef<PanelTarget | null>(null);
  useEffect(() => {
    if (!target || sameTarget(walkingTo.current, target)) walkingTo.current = null;
  }, [target]);
  const goTo = useCallback(
    (next: PanelTarget) => {
      walkingTo.current = next;
      onNavigate(next);
    },
    [onNavigate],
  );

  // j/k at the end of what is loaded asks for the next page, then takes the step.
  const pendingStep = useRef<Step | null>(null);
  const go = useCallback(
    (step: Step) => {
      const from = walkingTo.current ?? target;
      if (!from || !list) return;
      const move = neighbour(list.ids, from.id, step, list.hasMore);
      if (move.kind === "go") goTo({ collection: from.collection, id: move.id });
      else if (move.kind === "load-more") {
        pendingStep.current = step;
        list.loadMore();
      }
    },
    [target, list, goTo],
  );
  const loadedCount = list?.ids.length ?? 0;
  useEffect(() => {
    const step = pendingStep.current;
    const from = walkingTo.current ?? target;
    if (step === null || !from || !list) return;
    const move = neighbour(list.ids, from.id, step, false);
    if (move.kind === "go") {
      pendingStep.current = null;
      goTo({ collection: from.collection, id: move.id });
    } else if (!list.hasMore) pendingStep.current = null;
  }, [loadedCount, list, target, goTo]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = stepForKey(event);
    if (step === null) return;
    event.preventDefault();
    go(step);
  }

  const save = useCallback(
    async (change: RecordChangeRequest, success: string) => {
      if (!target) return;
      try {
        const record =
          isOwnedCollection(target.collection) ? await backend.updateRecord(target.collection, target.id, change) : await backend.setStatus(target.collection, target.id, change.status ?? "");
        applyRecord(record);
        onSaved(target.collection, record);
        refreshSoon();
        toast({ title: success });
      } catch (error) {
        console.error("Saving the record failed:", error);
        toast({ title: "Error", description: saveFailure(error, "The change could not be saved. Nothing was changed."), variant: "destructive" });
      }
    },
    [target, backend, applyRecord, onSaved, refreshSoon, toast],
  );

  const addNote = useCallback(
    async (body: string) => {
      if (!target) return;
      try {
        await backend.addNote(target.collection, target.id, body);
      } catch (error) {
        console.error("Adding the note failed:", error);
        throw new Error(saveFailure(error, "The note could not be saved. Check the connection and try again."));
      }
      person.refresh();
      // The first note starts the speed-to-lead clock's answer (firstResponseAt).
      reload();
      toast({ title: "Note added" });
    },
    [target, backend, person, reload, toast],
  );

  const deleteNote = useCallback(
    async (note: Note) => {
      await backend.deleteNote(note);
      person.refresh();
      toast({ title: "Note deleted" });
    },
    [backend, person, toast],
  );

  const openRecord = useCallback((collection: Collection, id: string) => goTo({ collection, id }), [goTo]);
  const items = useMemo(() => (view ? timelineItems(view.timeline) : []), [view]);
  const sections = useMemo(() => (target && shown ? fieldSections(target.collection, shown) : []), [target, shown]);
  const position = target && list ? positionText(list.ids, target.id, list.hasMore) : null;
  const draftKey = target ? keyOf(target) : "";

  const title = shown ? recordTitle(shown) : status === "missing" ? "Record not found" : status === "failed" ? "Record" : "Loading record…";
  const description = shown ? `${TYPE_LABELS[String(shown.type)] ?? shown.type} from ${shown.email}` : "The record panel";

  return (
    <Sheet
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      showDescription={shown !== null}
      scrollKey={draftKey}
      onKeyDown={onKeyDown}
      onEscapeKeyDown={(event) => {
        // The first Escape leaves a note being written; the next one closes the panel.
        const field = event.target as HTMLElement;
        if (field.tagName === "TEXTAREA" && (field as HTMLTextAreaElement).value.trim() !== "") {
          event.preventDefault();
          field.closest<HTMLElement>("[role='dialog']")?.focus();
        }
      }}
      onCloseAutoFocus={(event) => {
        if (!lastTarget.current) return;
        event.preventDefault();
        onClosed(lastTarget.current);
      }}
      headerActions={
        list && (
          <>
            {position && <span className="mr-1 text-sm text-slate-600 tabular-nums">{position}</span>}
            <Button variant="ghost" size="sm" aria-label="Previous record" aria-keyshortcuts="k ArrowUp" title="Previous record (k)" onClick={() => go(-1)}>
              <ChevronUp aria-hidden="true" className="h-5 w-5" />
            </Button>
            <Button variant="ghost" size="sm" aria-label="Next record" aria-keyshortcuts="j ArrowDown" title="Next record (j)" onClick={() => go(1)}>
              <ChevronDown aria-hidden="true" className="h-5 w-5" />
            </Button>
          </>
        )
      }
    >
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {status === "missing" ? (
        <div role="alert" className="m-5 flex gap-3 rounded-lg border border-slate-300 bg-slate-50 p-4">
          <AlertTriangle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-700" />
          <div>
            <p className="font-semibold">This record no longer exists</p>
            <p className="text-sm text-slate-700">It may have been erased on request, or removed by the retention policy.</p>
          </div>
        </div>
      ) : !shown ? (
        status === "failed" ? (
          <div role="alert" className="m-5 grid justify-items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-950">
            <p className="font-semibold">Could not load this record.</p>
            <Button variant="outline" size="sm" onClick={reload}>
              <RotateCw aria-hidden="true" className="h-4 w-4" /> Try again
            </Button>
          </div>
        ) : (
          <div role="status" className="flex items-center gap-2 p-5 text-slate-700">
            <Loader2 aria-hidden="true" className="h-5 w-5 animate-spin text-brand-700" /> Loading record…
          </div>
        )
      ) : (
        target && (
          <div className="grid gap-8 p-5">
            {status === "failed" && (
              <p role="alert" className="rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950">
                Could not refresh this record; what is shown may be out of date.
              </p>
            )}
            <RecordFields
              sections={sections}
              partial={partial}
              statusControl={
                <StatusSelect
                  label="Status"
                  value={String(shown.status)}
                  options={statusOptions(target.collection, String(shown.status))}
                  onChange={(next) => save({ status: next }, "Status updated")}
                />
              }
              ownerControl={
                "owner" in shown && (
                  <OwnerPicker
                    owner={shown.owner}
                    staff={staff}
                    me={me}
                    onChange={(owner) => save({ owner }, owner ? `Assigned to ${owner === me ? "you" : owner}` : "Unassigned")}
                  />
                )
              }
            />

            {view && view.person.records.length > 1 && (
              <section aria-labelledby={`${headingIds}-person`}>
                <h3 id={`${headingIds}-person`} className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  This person has {view.person.records.length} records
                </h3>
                <PersonRecords records={view.person.records} current={target} onOpen={openRecord} />
              </section>
            )}

            <section aria-labelledby={`${headingIds}-notes`}>
              <h3 id={`${headingIds}-notes`} className="sr-only">
                Notes
              </h3>
              <NoteForm
                key={draftKey}
                draft={drafts[draftKey] ?? ""}
                onDraftChange={(draft) => setDrafts((all) => ({ ...all, [draftKey]: draft }))}
                onAdd={addNote}
              />
            </section>

            <section aria-labelledby={`${headingIds}-timeline`}>
              <h3 id={`${headingIds}-timeline`} className="mb-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                Timeline
              </h3>
              {view ? (
                <Timeline items={items} records={view.person.records} current={target} me={me} onOpenRecord={openRecord} onDeleteNote={deleteNote} />
              ) : person.status === "failed" ? (
                <p role="alert" className="text-sm font-medium text-red-800">
                  Could not load this person's timeline.{" "}
                  <button type="button" onClick={person.refresh} className="underline underline-offset-2">
                    Try again
                  </button>
                </p>
              ) : (
                <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
                  <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> Loading timeline…
                </p>
              )}
            </section>

            <p className="border-t border-slate-200 pt-3 text-xs text-slate-600">
              <kbd className="font-sans font-semibold">j</kbd> / <kbd className="font-sans font-semibold">k</kbd> or ↓ / ↑: next or previous record ·{" "}
              <kbd className="font-sans font-semibold">Esc</kbd>: close
            </p>
          </div>
        )
      )}
    </Sheet>
  );
}
