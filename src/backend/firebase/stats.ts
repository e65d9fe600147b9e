import { collection, getCountFromServer, query, where, type Firestore, type Query } from "firebase/firestore";
import type { DashboardStats } from "../../domain/admin";
import { adminCall } from "./admin-errors";
import { medianFirstResponseMs } from "./first-response";

// Aggregation queries: billed at one read per 1,000 index entries counted, not one per document.
const count = async (target: Query) => (await getCountFromServer(target)).data().count;

/**
 * How long the median first response is kept. The dashboard reads the stats again after every live
 * change; the counts are cheap aggregations, but the median reads a week of answered records, and it
 * barely moves in a minute. This page's own first responses make it read again at once.
 */
export const MEDIAN_MAX_AGE_MS = 60_000;

export function dashboardStatsReader(db: Firestore, now: () => Date) {
  let cached: { value: number | null; at: number } | null = null;

  async function median(): Promise<number | null> {
    const time = now();
    if (cached && time.getTime() - cached.at < MEDIAN_MAX_AGE_MS) return cached.value;
    const value = await medianFirstResponseMs(db, time);
    cached = { value, at: time.getTime() };
    return value;
  }

  return {
    read(): Promise<DashboardStats> {
      const leads = collection(db, "leads");
      return adminCall(async () => {
        const [totalLeads, newLeads, signups, demoRequests, contacts, newsletter, medianFirstResponse] =
          await Promise.all([
            count(leads),
            count(query(leads, where("status", "==", "new"))),
            count(query(leads, where("type", "==", "signup"))),
            count(query(leads, where("type", "==", "demo"))),
            count(collection(db, "contacts")),
            count(collection(db, "newsletter")),
            median(),
          ]);
        return {
          totalLeads,
          newLeads,
          signups,
          demoRequests,
          newsletter,
          tabs: { leads: totalLeads, contacts, newsletter },
          medianFirstResponseMs: medianFirstResponse,
        };
      });
    },
    /** A record of this page got its first response: read the median again next time. */
    invalidate() {
      cached = null;
    },
  };
}
