import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { AdminBackend } from "../../../backend/admin-port";
import { Sheet } from "../../../components/ui/sheet";
import type { LiveEvent, RecordsByCollection } from "../../../domain/admin";
import type { Collection } from "../../../domain/status";
import type { RecordDetail } from "../../../domain/workspace";
import { recordTitle, TYPE_LABELS } from "./field-rows";
import { neighbour, positionText } from "./navigation";
import { KeyHelp, NoRecord, PanelNavigation } from "./panel-chrome";
import { PanelFields } from "./panel-fields";
import { PanelNotes } from "./panel-notes";
import { PersonRecordsSection, TimelineSection } from "./panel-person";
import { SpamSection } from "./spam-section";
import type { PanelList } from "./panel-list";
import type { PanelStore } from "./panel-store";
import type { PanelTarget } from "./panel-url";
import { timelineItems } from "./timeline-format";
import { usePanelActions } from "./use-panel-actions";
import { usePanelWalk } from "./use-panel-walk";
import { usePersonView } from "./use-person-view";
import { useRecordDetail } from "./use-record-detail";

type AnyRecord = RecordsByCollection[Collection];

interface RecordPanelProps {
  backend: AdminBackend;
  /** What the panel has read, shared with the dashboard that opens it (createPanelStore). */
  store: PanelStore;
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

/**
 * The record panel: one record in full with its person's timeline, notes, owner and status, in a side
 * sheet over the dashboard. j/k or ↓/↑ walk the tab's filtered list; Escape or Back closes it.
 */
export function RecordPanel({
  backend,
  store,
  target,
  me,
  staff,
  list,
  subscribe,
  onNavigate,
  onClose,
  onSaved,
  onClosed,
}: RecordPanelProps) {
  const { detail, status, reload, applyRecord } = useRecordDetail(store, target);
  const person = usePersonView(store, detail?.personId ?? null);
  const { refresh: refreshPerson, refreshSoon: refreshPersonSoon } = person;
  const { announcement, save, addNote, deleteNote, decideSpam } = usePanelActions({
    backend,
    target,
    applyRecord,
    reload,
    onSaved,
    refreshPerson,
    refreshPersonSoon,
  });
  const { go, goTo, onKeyDown } = usePanelWalk(target, list, onNavigate);
  // Notes being written, per record: they outlive a walk to another record and back.
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const lastTarget = useRef<PanelTarget | null>(target);
  useEffect(() => {
    if (target) lastTarget.current = target;
  }, [target]);

  // While the full record loads, the list's copy of it shows (its E.164 phone and consent follow).
  const seed = target ? list?.find(target.id) : undefined;
  const shown = useMemo<RecordDetail | null>(
    () => detail ?? (seed ? ({ ...seed, personId: "", phoneE164: null, consent: null } as RecordDetail) : null),
    [detail, seed],
  );

  // Live: every change reaches the store first (a changed record merged into its copy, the timelines it may
  // be on read again before they are next shown). For the open record: a change to it shows in place;
  // one to any of the person's records (a note, an assignment, a status, a new submission) re-reads their
  // timeline; an erasure re-reads both.
  const view = person.view;
  useEffect(() => {
    return subscribe((event) => {
      store.onLive(event);
      if (!target) return;
      if (event.op === "reload") {
        reload();
        refreshPersonSoon();
        return;
      }
      const open = event.collection === target.collection && event.record.id === target.id;
      const theirs =
        view !== null &&
        (view.person.records.some(
          (record) => record.collection === event.collection && record.id === event.record.id,
        ) ||
          event.record.email.trim().toLowerCase() === view.person.email.trim().toLowerCase());
      if (theirs || open) refreshPersonSoon();
    });
  }, [store, target, subscribe, reload, refreshPersonSoon, view]);

  // Once the record shows in full, its neighbours in the list are read ahead (record and timeline), so
  // j/k shows the next one in a single render.
  const shownInFull = status === "ready" && person.status === "ready";
  useEffect(() => {
    if (!target || !list || !shownInFull) return;
    for (const step of [1, -1] as const) {
      const move = neighbour(list.ids, target.id, step, false);
      if (move.kind === "go") void store.prefetch({ collection: target.collection, id: move.id });
    }
  }, [store, target, list, shownInFull]);

  const openRecord = useCallback((collection: Collection, id: string) => goTo({ collection, id }), [goTo]);
  const items = useMemo(() => (view ? timelineItems(view.timeline) : []), [view]);
  const position = target && list ? positionText(list.ids, target.id, list.hasMore) : null;
  const draftKey = target ? keyOf(target) : "";

  const title = shown
    ? recordTitle(shown)
    : status === "missing"
      ? "Record not found"
      : status === "failed"
        ? "Record"
        : "Loading record…";
  const description = shown
    ? `${TYPE_LABELS[String(shown.type)] ?? shown.type} from ${shown.email}`
    : "The record panel";

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
        // The first Escape leaves a note being written, or an open status menu; the next one closes the panel.
        const field = event.target as HTMLElement;
        if (field.closest("[role='menu']")) {
          event.preventDefault();
          return;
        }
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
      headerActions={list && <PanelNavigation position={position} onStep={go} />}
    >
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {status === "missing" || !shown ? (
        <NoRecord status={status} onRetry={reload} />
      ) : (
        target && (
          <div className="grid gap-8 p-5">
            {status === "failed" && (
              <p
                role="alert"
                className="rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950"
              >
                Could not refresh this record; what is shown may be out of date.
              </p>
            )}
            {backend.spam && "spam" in shown && detail !== null && <SpamSection record={shown} onDecide={decideSpam} />}
            <PanelFields
              collection={target.collection}
              record={shown}
              partial={detail === null}
              staff={staff}
              me={me}
              onSave={save}
            />
            <PersonRecordsSection view={view} target={target} onOpenRecord={openRecord} />
            <PanelNotes
              target={target}
              draft={drafts[draftKey] ?? ""}
              onDraftChange={(draft) => setDrafts((all) => ({ ...all, [draftKey]: draft }))}
              onAdd={addNote}
            />
            <TimelineSection
              target={target}
              view={view}
              status={person.status}
              items={items}
              me={me}
              onDeleteNote={deleteNote}
              onOpenRecord={openRecord}
              onRetry={refreshPerson}
            />
            <KeyHelp />
          </div>
        )
      )}
    </Sheet>
  );
}
