import {
  collection,
  documentId,
  limit,
  orderBy,
  query,
  startAfter,
  Timestamp,
  where,
  type Firestore,
  type Query,
  type QueryConstraint,
  type QueryDocumentSnapshot,
} from "firebase/firestore";
import { parseSourceFilters, type SourceFilters } from "../../domain/attribution";
import { LEAD_STATUSES, LEAD_TYPES, NEWSLETTER_STATUSES, type Collection } from "../../domain/status";
import { LIMITS } from "../../domain/limits";
import { isOwnedCollection } from "../../domain/workspace";
import { AdminApiError } from "../admin-port";
import { validationError } from "./admin-errors";
import type { FirestoreKeyset } from "./cursor";

// Every list query the staff adapter makes: optional status, type and owner equality, newest first.
// firestore.indexes.json holds an index for each combination. "Unassigned" is `owner == null`, which
// finds only documents that have the key: those created before owners existed have none, and show
// under no owner filter until someone assigns them.

export const STATUSES: Record<Collection, readonly string[]> = {
  leads: LEAD_STATUSES,
  contacts: LEAD_STATUSES,
  newsletter: NEWSLETTER_STATUSES,
};

const MAX_QUERY_LENGTH = 200;

export interface RecordFilters {
  q: string;
  status: string | null;
  type: string | null;
  /** Leads and contacts: a staff email, or null for unassigned; undefined for anyone's. */
  owner?: string | null;
  /** The first touch's source, medium and campaign: matched in the browser, like q (no index for each mix). */
  source: SourceFilters;
}

interface FilterParams {
  q?: string | undefined;
  status?: string | undefined;
  type?: string | undefined;
  owner?: string | undefined;
  source?: string | undefined;
  medium?: string | undefined;
  campaign?: string | undefined;
}

/**
 * `owner=me|none|<email>` as the server reads it: a staff email, null for nobody's, undefined for
 * anyone's; "me" is the signed-in staff member's email. Also the Insights owner filter (insights.ts).
 */
export function parseOwnerValue(owner: string | undefined, me: string | null): string | null | undefined {
  if (!owner) return undefined;
  if (owner === "none") return null;
  if (owner === "me") {
    if (!me) throw new AdminApiError(401, "unauthenticated", "Sign in first.");
    return me.toLowerCase();
  }
  const email = owner.trim().toLowerCase();
  if (email.length > LIMITS.email || !email.includes("@"))
    throw validationError("owner: use me, none or a staff email");
  return email;
}

/** The owner filter of a list: only leads and contacts have owners. */
function parseOwner(target: Collection, owner: string | undefined, me: string | null): string | null | undefined {
  if (owner && !isOwnedCollection(target)) throw validationError(`owner: ${target} have no owner`);
  return parseOwnerValue(owner, me);
}

/** The server's filter rules (server/http/list-query.ts): a status or type the collection lacks is a 400. */
export function parseFilters(target: Collection, params: FilterParams, me: string | null = null): RecordFilters {
  const q = params.q?.trim() ?? "";
  if (q.length > MAX_QUERY_LENGTH) throw validationError(`q: at most ${MAX_QUERY_LENGTH} characters`);
  const status = params.status || null;
  if (status !== null && !STATUSES[target].includes(status))
    throw validationError(`status: use one of ${STATUSES[target].join(", ")}`);
  const type = params.type || null;
  if (type !== null && (target !== "leads" || !(LEAD_TYPES as readonly string[]).includes(type))) {
    throw validationError(
      target === "leads" ? `type: use one of ${LEAD_TYPES.join(", ")}` : `type: ${target} have no type filter`,
    );
  }
  const owner = parseOwner(target, params.owner, me);
  const source = parseSourceFilters(params);
  const [problem] = Object.entries(source.errors);
  if (problem) throw validationError(`${problem[0]}: ${problem[1]}`);
  return { q, status, type, ...(owner !== undefined && { owner }), source: source.filters };
}

/** createdAt descending, then id descending: the server's keyset order, so ties are stable. */
export function newestFirst(
  db: Firestore,
  target: Collection,
  filters: RecordFilters,
  after: FirestoreKeyset | null,
  size: number,
): Query {
  const constraints: QueryConstraint[] = [];
  if (filters.status) constraints.push(where("status", "==", filters.status));
  if (filters.type) constraints.push(where("type", "==", filters.type));
  if (filters.owner !== undefined) constraints.push(where("owner", "==", filters.owner));
  constraints.push(orderBy("createdAt", "desc"), orderBy(documentId(), "desc"));
  if (after) constraints.push(startAfter(new Timestamp(after.seconds, after.nanoseconds), after.id));
  constraints.push(limit(size));
  return query(collection(db, target), ...constraints);
}

export function keysetOf(snapshot: QueryDocumentSnapshot): FirestoreKeyset {
  const createdAt: unknown = snapshot.get("createdAt");
  // Only documents with a createdAt appear in a query ordered by it; the fallback is never reached.
  const time = createdAt instanceof Timestamp ? createdAt : new Timestamp(0, 0);
  return { seconds: time.seconds, nanoseconds: time.nanoseconds, id: snapshot.id };
}
