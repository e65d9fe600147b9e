import { useMemo } from "react";
import { LEAD_STATUSES, NEWSLETTER_STAFF_STATUSES, type Collection } from "../../../domain/status";
import type { RecordChangeRequest, RecordDetail } from "../../../domain/workspace";
import { StatusMenu } from "../records/status-menu";
import { fieldSections } from "./field-rows";
import { OwnerPicker } from "./owner-picker";
import { RecordFields } from "./record-fields";

interface PanelFieldsProps {
  collection: Collection;
  record: RecordDetail;
  /** Shown from the list's copy while the full record loads. */
  partial: boolean;
  /** Staff emails, for the owner picker. */
  staff: readonly string[];
  me: string | undefined;
  /** Saves a status or owner change; `success` is what to announce. */
  onSave: (change: RecordChangeRequest, success: string) => Promise<void>;
}

// A pending subscription shows its status, but staff can only move it on.
const statusOptions = (collection: Collection): readonly string[] =>
  collection === "newsletter" ? NEWSLETTER_STAFF_STATUSES : LEAD_STATUSES;

/** Every field of the open record, with its status and (leads and contacts) owner as controls. */
export function PanelFields({ collection, record, partial, staff, me, onSave }: PanelFieldsProps) {
  const sections = useMemo(() => fieldSections(collection, record), [collection, record]);
  return (
    <RecordFields
      sections={sections}
      partial={partial}
      statusControl={
        <StatusMenu
          label="Status"
          value={String(record.status)}
          options={statusOptions(collection)}
          onChange={(next) => onSave({ status: next }, "Status updated")}
        />
      }
      ownerControl={
        "owner" in record && (
          <OwnerPicker
            owner={record.owner}
            staff={staff}
            me={me}
            onChange={(owner) =>
              onSave({ owner }, owner ? `Assigned to ${owner === me ? "you" : owner}` : "Unassigned")
            }
          />
        )
      }
    />
  );
}
