import { useCallback, useState } from "react";
import type { ListPage, RecordChange } from "../../../domain/admin";
import type { Collection } from "../../../domain/status";
import { recordsOf, withChange, withPage, type PersonCounts } from "./person-counts";

/** The "3 records" badges of all three tables: pages and live inserts feed one count per person. */
export function usePersonCounts() {
  const [counts, setCounts] = useState<PersonCounts>(() => new Map());
  const onPage = useCallback(
    <C extends Collection>(page: ListPage<C>) => setCounts((current) => withPage(current, page)),
    [],
  );
  const onChange = useCallback((change: RecordChange) => setCounts((current) => withChange(current, change)), []);
  const countOf = useCallback((email: string) => recordsOf(counts, email), [counts]);
  return { onPage, onChange, countOf };
}
