import { RefreshCw } from "lucide-react";
import type { PrivacyAdmin } from "../../../backend/admin-port";
import { Button } from "../../../components/ui/button";
import type { AuditEntry } from "../../../domain/privacy";
import { formatDate } from "../common/format";
import { cellClass, EmptyRow, TableHead } from "../common/table-parts";
import { useAudit } from "./use-audit";

const ACTION_LABELS: Record<AuditEntry["action"], string> = {
  "auth.login": "Signed in",
  "auth.login-failed": "Sign-in failed",
  "auth.logout": "Signed out",
  "record.status": "Changed a status",
  "export.csv": "Exported CSV",
  "subject.export": "Exported a person's data",
  "subject.erase": "Erased a person's data",
  "admin.create": "Created an admin",
  "admin.reset-password": "Reset an admin password",
  "retention.purge": "Retention purge",
  "outbox.retry": "Retried failed emails",
};

/** The details as short key: value text; nested objects (counts) as compact JSON. */
function detailText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => `${key}: ${typeof value === "object" ? JSON.stringify(value) : String(value)}`)
    .join(" · ");
}

const HEADINGS = ["When", "Who", "What", "Details", "From"];

/** The append-only audit log: who did what, when, from where. Read-only by design. */
export function AuditTab({ privacy }: { privacy: PrivacyAdmin }) {
  const { items, loading, error, hasMore, loadMore, refresh } = useAudit(privacy);
  return (
    <section aria-label="Audit log" className="grid gap-3">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-slate-600">Sign-ins, status changes, exports, erasures and account changes, newest first. Entries cannot be edited or deleted.</p>
        <Button variant="outline" size="sm" onClick={refresh} disabled={loading}>
          <RefreshCw aria-hidden="true" className="h-4 w-4" /> Refresh
        </Button>
      </div>
      {error && (
        <p role="alert" className="font-medium text-red-800">
          {error}
        </p>
      )}
      <div className="overflow-auto rounded-lg border border-slate-200">
        <table className="w-full min-w-[56rem] border-collapse text-sm" aria-label="Audit entries">
          <TableHead headings={HEADINGS} />
          <tbody>
            {items.map((entry) => (
              <tr key={entry.id} data-action={entry.action} className="border-t border-slate-100">
                <td className={`${cellClass} whitespace-nowrap`}>{formatDate(entry.at)}</td>
                <td className={cellClass}>{entry.actor}</td>
                <td className={cellClass}>{ACTION_LABELS[entry.action] ?? entry.action}</td>
                <td className={`${cellClass} max-w-[28rem] break-all text-slate-700`}>{detailText(entry.details)}</td>
                <td className={`${cellClass} max-w-[14rem] truncate text-slate-600`} title={entry.userAgent ?? undefined}>
                  {entry.ip ?? "N/A"}
                </td>
              </tr>
            ))}
            {!loading && items.length === 0 && <EmptyRow columns={HEADINGS.length}>No entries yet.</EmptyRow>}
          </tbody>
        </table>
      </div>
      {hasMore && (
        <Button variant="outline" onClick={loadMore} disabled={loading} className="justify-self-center">
          Load more
        </Button>
      )}
    </section>
  );
}
