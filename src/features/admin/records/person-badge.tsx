import { Users } from "lucide-react";

/** "3 records": the person behind this row has several (a signup, a question, a demo request…). */
export function PersonBadge({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <span
      data-person-records={count}
      className="inline-flex shrink-0 items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800"
    >
      <Users aria-hidden="true" className="h-3 w-3" />
      {count} records
    </span>
  );
}
