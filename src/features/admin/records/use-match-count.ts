import { useEffect, useState } from "react";
import type { AdminBackend } from "../../../backend/admin-port";
import type { MatchCount } from "../../../domain/admin";
import type { Collection } from "../../../domain/status";
import { listQuery, type Filters } from "./filters";

interface Counted {
  key: string;
  count: MatchCount | null;
}

/**
 * How many records match a tab's filters (up to BULK_MAX), read while `wanted` (the bulk bar offers
 * them all) and again each time it turns on; null until then, or when it cannot be counted.
 */
export function useMatchCount(
  backend: AdminBackend | null,
  collection: Collection,
  filters: Filters,
  wanted: boolean,
): MatchCount | null {
  const { q, status, type, owner, source, medium, campaign, spam } = filters;
  const key = JSON.stringify([collection, q, status, type, owner, source, medium, campaign, spam]);
  const [counted, setCounted] = useState<Counted>({ key: "", count: null });
  useEffect(() => {
    if (!wanted || !backend) return undefined;
    let current = true;
    backend
      .countMatching(collection, listQuery(collection, { q, status, type, owner, source, medium, campaign, spam }))
      .then((count) => current && setCounted({ key, count }))
      .catch((error: unknown) => console.error("Counting the matching records failed:", error));
    return () => {
      current = false;
    };
  }, [wanted, backend, collection, q, status, type, owner, source, medium, campaign, spam, key]);
  return wanted && counted.key === key ? counted.count : null;
}
