import { collection, getDocs, limit, orderBy, query, Timestamp, where, type Firestore } from "firebase/firestore";
import { isoTime } from "./records";

// The count cards' "Median first response (last 7 days)" on Firebase. Firestore has no median, so the
// leads and contacts first answered in the window are read (firstResponseAt >= since: a single-field
// index, and records nobody answered cost nothing) and the median of (firstResponseAt - createdAt) is
// taken here over those that also arrived in the window. Cost: one read per answered lead and contact of
// the last 7 days, at most FIRST_RESPONSE_SCAN of each; stats.ts keeps the result for a minute.

export const FIRST_RESPONSE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
export const FIRST_RESPONSE_SCAN = 2_000;

/** The median of some durations, the mean of the middle two for an even count (as the server's); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return Math.round(sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2);
}

/** Milliseconds from arrival to first response of each record in `documents` that arrived at or after `since`. */
export function responseTimes(documents: readonly Record<string, unknown>[], since: Date): number[] {
  const times: number[] = [];
  for (const data of documents) {
    const created = isoTime(data.createdAt);
    const responded = isoTime(data.firstResponseAt);
    if (!created || !responded || Date.parse(created) < since.getTime()) continue;
    times.push(Math.max(0, Date.parse(responded) - Date.parse(created)));
  }
  return times;
}

export async function medianFirstResponseMs(db: Firestore, now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - FIRST_RESPONSE_WINDOW_MS);
  const answered = (target: "leads" | "contacts") =>
    getDocs(
      query(
        collection(db, target),
        where("firstResponseAt", ">=", Timestamp.fromDate(since)),
        orderBy("firstResponseAt", "desc"),
        limit(FIRST_RESPONSE_SCAN),
      ),
    );
  const [leads, contacts] = await Promise.all([answered("leads"), answered("contacts")]);
  return median(
    responseTimes(
      [...leads.docs, ...contacts.docs].map((snapshot) => snapshot.data()),
      since,
    ),
  );
}
