import { badgeClasses } from "./status-style";

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      data-status={status}
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${badgeClasses(status)}`}
    >
      {status}
    </span>
  );
}
