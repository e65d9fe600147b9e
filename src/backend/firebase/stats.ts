import { collection, getCountFromServer, query, where, type Firestore, type Query } from "firebase/firestore";
import type { DashboardStats } from "../../domain/admin";
import { adminCall } from "./admin-errors";

// Aggregation queries: billed at one read per 1,000 index entries counted, not one per document.
const count = async (target: Query) => (await getCountFromServer(target)).data().count;

export function dashboardStats(db: Firestore): Promise<DashboardStats> {
  const leads = collection(db, "leads");
  return adminCall(async () => {
    const [totalLeads, newLeads, signups, demoRequests, contacts, newsletter] = await Promise.all([
      count(leads),
      count(query(leads, where("status", "==", "new"))),
      count(query(leads, where("type", "==", "signup"))),
      count(query(leads, where("type", "==", "demo"))),
      count(collection(db, "contacts")),
      count(collection(db, "newsletter")),
    ]);
    return { totalLeads, newLeads, signups, demoRequests, newsletter, tabs: { leads: totalLeads, contacts, newsletter }, medianFirstResponseMs: null /* WORKSPACE-TODO(firebase) */ };
  });
}
