import { RefreshCw } from "lucide-react";
import type { PrivacyAdmin } from "../../../backend/admin-port";
import { Button } from "../../../components/ui/button";
import { formatDate } from "../common/format";
import { cellClass, EmptyRow, TableHead } from "../common/table-parts";
import { actionLabel, auditDetailText } from "./audit-text";
import { useAudit } from "./use-audit";

const HEADINGS = ["When", "Who", "What", "Details", "From"];

/** The append-only audit log: who did what, when, from where. Read-only by design. */
export function AuditTab({ privacy }: { privacy: PrivacyAdmin }) {
  const { items, loading, error, hasMore, loadMore, refresh } = useAudit(privacy);
  return (
    <section aria-label="Audit log" className="grid gap-3">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          Sign-ins, status and owner changes, notes, exports, erasures, settings and account changes, newest first.
          Entries cannot be edited or deleted.
        </p>
        <Button variant="outline" size="sm" onClick={refresh} disabled={loading}>
          <RefreshCw aria-hidden="true" className="h-4 w-4" /> Refresh
        </Button>
      </div>
      {error && (
        <p role="alert" className="font-medium text-red-800">
          {error}
        </p>
      )}
      {/* Focusable: on a phone it scrolls sideways, and the keyboard must be able to scroll it. */}
      <div
        role="region"
        aria-label="Audit entries"
        tabIndex={0}
        className="overflow-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <table className="w-full min-w-[56rem] border-collapse text-sm" aria-label="Audit entries">
          <TableHead headings={HEADINGS} />
          <tbody>
            {items.map((entry) => (
              <tr key={entry.id} data-action={entry.action} className="border-t border-slate-100">
                <td className={`${cellClass} whitespace-nowrap`}>{formatDate(entry.at)}</td>
                <td className={cellClass}>{entry.actor}</td>
                <td className={cellClass}>{actionLabel(entry.action)}</td>
                <td className={`${cellClass} max-w-[28rem] break-all text-slate-700`}>{auditDetailText(entry)}</td>
                <td
                  className={`${cellClass} max-w-[14rem] truncate text-slate-600`}
                  title={entry.userAgent ?? undefined}
                >
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
