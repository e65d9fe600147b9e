import { Users } from "lucide-react";
import { useState } from "react";
import type { AdminBackend, AssignmentAdmin } from "../../../backend/admin-port";
import { Switch } from "../../../components/ui/switch";
import { useToast } from "../../../components/ui/toast";
import type { StaffAccount } from "../../../domain/staff";
import { adminErrorText } from "../common/admin-error";
import { useBackendValue } from "../common/use-backend-value";

interface AssignmentSettingsProps {
  backend: AdminBackend;
  assignment: AssignmentAdmin;
  me: string | undefined;
  staff: readonly StaffAccount[];
  /** The round-robin switch is a workspace setting: only for a role that may change settings. */
  canChangeSettings: boolean;
  /** Reads the staff list again (after this member's availability changed). */
  onStaffChanged: () => Promise<void>;
}

const readSettings = (assignment: AssignmentAdmin) => assignment.settings();

/**
 * Round-robin assignment of new contacts, signups and demo requests, and whether the signed-in member
 * takes part in it. Only where the back end assigns records as they arrive (the server).
 */
export function AssignmentSettings({
  backend,
  assignment,
  me,
  staff,
  canChangeSettings,
  onStaffChanged,
}: AssignmentSettingsProps) {
  const toast = useToast();
  const { value: settings, refresh } = useBackendValue(assignment, readSettings, "the assignment setting");
  const [saving, setSaving] = useState<"mode" | "available" | null>(null);
  const self = me ? staff.find((member) => member.email.toLowerCase() === me.toLowerCase()) : undefined;
  // Disabled accounts are never dealt records, whatever their availability says.
  const active = staff.filter((member) => !member.disabled);
  const available = active.filter((member) => member.available).length;

  async function setRoundRobin(on: boolean) {
    setSaving("mode");
    try {
      await assignment.saveSettings({ assignment: on ? "round-robin" : "off" });
      await refresh();
      toast({ title: on ? "Round-robin assignment on" : "Round-robin assignment off" });
    } catch (error) {
      console.error("Saving the assignment setting failed:", error);
      toast({
        title: "Error",
        description: adminErrorText(error, "The assignment setting could not be saved."),
        variant: "destructive",
      });
    } finally {
      setSaving(null);
    }
  }

  async function setAvailable(on: boolean) {
    if (!self) return;
    setSaving("available");
    try {
      await backend.setAvailable(self.email, on);
      await onStaffChanged();
      toast({ title: on ? "You are available for new records" : "You are not available for new records" });
    } catch (error) {
      console.error("Saving availability failed:", error);
      toast({
        title: "Error",
        description: adminErrorText(error, "Your availability could not be saved."),
        variant: "destructive",
      });
    } finally {
      setSaving(null);
    }
  }

  if (!settings || (!canChangeSettings && !self)) return null;
  return (
    // On a phone the switches' explanations are left to screen readers (they describe the switches), so
    // the records start on the first screen.
    <section
      aria-label="Assignment"
      className="mb-4 flex flex-wrap items-start gap-x-8 gap-y-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm max-sm:[&_p]:sr-only sm:mb-6 sm:p-4"
    >
      <Users aria-hidden="true" className="mt-1 hidden h-5 w-5 text-brand-700 sm:block" />
      {canChangeSettings && (
        <Switch
          checked={settings.assignment === "round-robin"}
          onCheckedChange={setRoundRobin}
          disabled={saving !== null}
          label="Round-robin assignment"
          hint={`New contacts, signups and demo requests go in turn to the staff marked available (${available} of ${active.length} now).`}
        />
      )}
      {self && (
        <Switch
          checked={self.available}
          onCheckedChange={setAvailable}
          disabled={saving !== null}
          label="I'm available for new records"
          hint={
            canChangeSettings || settings.assignment === "round-robin"
              ? "Round-robin passes you over while this is off."
              : "Round-robin is off: an admin can turn it on."
          }
        />
      )}
    </section>
  );
}
