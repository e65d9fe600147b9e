import { useCallback } from "react";
import type { AdminBackend } from "../../../backend/admin-port";
import { useToast } from "../../../components/ui/toast";
import type { RecordChange } from "../../../domain/admin";
import type { Collection } from "../../../domain/status";

/** Saves a row's status and applies the answer at once (the live stream confirms it later). */
export function useStatusChange(backend: AdminBackend | null, apply: (change: RecordChange) => void) {
  const toast = useToast();
  return useCallback(
    async (collection: Collection, id: string, status: string) => {
      if (!backend) return;
      try {
        const record = await backend.setStatus(collection, id, status);
        // The empty position sorts before every logged one: a page read later never replays this.
        apply({ position: "", collection, op: "update", record } as RecordChange);
        toast({ title: "Status updated", description: "Status has been updated successfully" });
      } catch (error) {
        console.error("Status update failed:", error);
        toast({ title: "Error", description: "Failed to update status", variant: "destructive" });
      }
    },
    [backend, apply, toast],
  );
}
