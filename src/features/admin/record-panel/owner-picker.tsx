import { useState } from "react";
import { useOwnerName } from "../common/owner-names";

interface OwnerPickerProps {
  owner: string | null;
  /** Every staff email; the current owner is offered too if no longer listed. */
  staff: readonly string[];
  me: string | undefined;
  onChange: (owner: string | null) => Promise<void>;
}

const UNASSIGNED = "";

/** Who handles the record: a staff member or nobody. Disabled while the change is saved. */
export function OwnerPicker({ owner, staff, me, onChange }: OwnerPickerProps) {
  const [saving, setSaving] = useState(false);
  const ownerName = useOwnerName();
  const emails =
    owner && !staff.some((email) => email.toLowerCase() === owner.toLowerCase()) ? [owner, ...staff] : staff;
  return (
    <select
      aria-label="Owner"
      value={owner ?? UNASSIGNED}
      disabled={saving}
      aria-busy={saving || undefined}
      onChange={async (event) => {
        setSaving(true);
        try {
          await onChange(event.target.value === UNASSIGNED ? null : event.target.value);
        } finally {
          setSaving(false);
        }
      }}
      className="min-h-9 max-w-full rounded-md border border-slate-300 bg-white px-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <option value={UNASSIGNED}>Unassigned</option>
      {emails.map((email) => (
        <option key={email} value={email}>
          {me && email.toLowerCase() === me.toLowerCase() ? `${email} (you)` : ownerName(email)}
        </option>
      ))}
    </select>
  );
}
