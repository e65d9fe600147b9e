import { useCallback, useEffect, useState } from "react";
import { adminErrorText } from "../common/admin-error";

/**
 * A list the Integrations tab reads from the back end (endpoints, tokens, a delivery log): read at once
 * and again on read(); a failed read shows `failureText` (or the server's words) and keeps the last list.
 * `load` must be stable (useCallback), or it reads in a loop.
 */
export function useIntegrationList<T>(load: () => Promise<T[]>, failureText: string) {
  const [items, setItems] = useState<T[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const read = useCallback(() => {
    load().then(
      (list) => {
        setItems(list);
        setFailure(null);
      },
      (error: unknown) => setFailure(adminErrorText(error, failureText)),
    );
  }, [load, failureText]);
  useEffect(read, [read]);
  return { items, failure, setFailure, read };
}

/** A failure, said at once to a screen reader. */
export function AlertLine({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="text-sm text-red-800">
      {message}
    </p>
  ) : null;
}

/** What a list shows before it is read, and when it is empty. */
export function ListNotice({
  items,
  failure,
  loading,
  empty,
}: {
  items: readonly unknown[] | null;
  failure: string | null;
  loading: string;
  empty: string;
}) {
  if (items === null) return failure ? null : <p className="text-sm text-slate-600">{loading}</p>;
  return items.length === 0 ? <p className="text-sm text-slate-600">{empty}</p> : null;
}
