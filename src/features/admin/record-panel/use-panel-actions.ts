import { useCallback, useState } from "react";
import { AdminApiError, type AdminBackend } from "../../../backend/admin-port";
import { useToast } from "../../../components/ui/toast";
import type { RecordsByCollection } from "../../../domain/admin";
import type { SpamVerdict } from "../../../domain/spam";
import type { Collection } from "../../../domain/status";
import { isOwnedCollection, type Note, type RecordChangeRequest } from "../../../domain/workspace";
import type { PanelTarget } from "./panel-url";

type AnyRecord = RecordsByCollection[Collection];

interface PanelActionsDeps {
  backend: AdminBackend;
  target: PanelTarget | null;
  /** The saved record, into the panel's copy. */
  applyRecord: (record: AnyRecord) => void;
  /** Reads the open record again (its first-response time after a first note). */
  reload: () => void;
  /** The saved record, for the tables to show at once. */
  onSaved: (collection: Collection, record: AnyRecord) => void;
  /** Reads the person's timeline again, now or shortly. */
  refreshPerson: () => void;
  refreshPersonSoon: () => void;
}

const saveFailure = (error: unknown, fallback: string) =>
  error instanceof AdminApiError && error.status === 400 && error.message ? error.message : fallback;

/**
 * What staff do in the panel (a status or owner change, a note added or deleted) and what it says about
 * it: a toast, and the same words in the panel's own live region (`announcement`), since the page
 * behind the open panel, the toasts' live regions too, is hidden from assistive tech.
 */
export function usePanelActions({
  backend,
  target,
  applyRecord,
  reload,
  onSaved,
  refreshPerson,
  refreshPersonSoon,
}: PanelActionsDeps) {
  const showToast = useToast();
  const [announcement, setAnnouncement] = useState("");
  const toast = useCallback(
    (message: { title: string; description?: string; variant?: "destructive" }) => {
      showToast(message);
      setAnnouncement(message.description ? `${message.title}. ${message.description}` : message.title);
    },
    [showToast],
  );

  const save = useCallback(
    async (change: RecordChangeRequest, success: string) => {
      if (!target) return;
      try {
        const record = isOwnedCollection(target.collection)
          ? await backend.updateRecord(target.collection, target.id, change)
          : await backend.setStatus(target.collection, target.id, change.status ?? "");
        applyRecord(record);
        onSaved(target.collection, record);
        refreshPersonSoon();
        toast({ title: success });
      } catch (error) {
        console.error("Saving the record failed:", error);
        toast({
          title: "Error",
          description: saveFailure(error, "The change could not be saved. Nothing was changed."),
          variant: "destructive",
        });
      }
    },
    [target, backend, applyRecord, onSaved, refreshPersonSoon, toast],
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
      refreshPerson();
      // The first note starts the speed-to-lead clock's answer (firstResponseAt).
      reload();
      toast({ title: "Note added" });
    },
    [target, backend, refreshPerson, reload, toast],
  );

  const deleteNote = useCallback(
    async (note: Note) => {
      await backend.deleteNote(note);
      refreshPerson();
      toast({ title: "Note deleted" });
    },
    [backend, refreshPerson, toast],
  );

  /** "Spam" or "Not spam" on the open lead or contact (where the back end holds spam). */
  const decideSpam = useCallback(
    async (verdict: SpamVerdict) => {
      if (!target || !backend.spam || !isOwnedCollection(target.collection)) return;
      try {
        const record = await backend.spam.decide(target.collection, target.id, verdict);
        applyRecord(record);
        onSaved(target.collection, record);
        refreshPersonSoon();
        toast(
          verdict === "spam"
            ? { title: "Marked as spam", description: "It stays in the Spam view." }
            : {
                title: "Not spam: back in the inbox",
                description: "Anything it missed while held, such as the new-lead alert, is sent now.",
              },
        );
      } catch (error) {
        console.error("Saving the spam decision failed:", error);
        toast({
          title: "Error",
          description: saveFailure(error, "The decision could not be saved. Nothing was changed."),
          variant: "destructive",
        });
      }
    },
    [target, backend, applyRecord, onSaved, refreshPersonSoon, toast],
  );

  return { announcement, save, addNote, deleteNote, decideSpam };
}
