import { collection, getDocs, limit, query, where, type Firestore } from "firebase/firestore";
import { COLLECTIONS } from "../../domain/status";

// The tables' "3 records" badge on Firebase: how many records each person on a list page has across the
// three collections. Firestore cannot count per value in one query, so the page's addresses are asked
// for in groups of 30 (the most an `in` filter takes), one query per group and collection, and the
// matching documents counted here. Cost: one read per record the page's people have, about doubling
// what a page costs; a query reads at most PERSON_COUNT_SCAN documents, so someone with more records
// than that in one group shows a lower count.

const IN_QUERY_LIMIT = 30;
export const PERSON_COUNT_SCAN = 1_000;

/** The number of records of each of `emails` (stored form), for those with more than one. */
export async function personRecordCounts(db: Firestore, emails: readonly string[]): Promise<Record<string, number>> {
  const distinct = [...new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];
  const groups: string[][] = [];
  for (let start = 0; start < distinct.length; start += IN_QUERY_LIMIT)
    groups.push(distinct.slice(start, start + IN_QUERY_LIMIT));
  const pages = await Promise.all(
    groups.flatMap((group) =>
      COLLECTIONS.map((target) =>
        getDocs(query(collection(db, target), where("email", "in", group), limit(PERSON_COUNT_SCAN))),
      ),
    ),
  );
  const counts = new Map<string, number>();
  for (const page of pages) {
    for (const snapshot of page.docs) {
      const email: unknown = snapshot.get("email");
      if (typeof email === "string") counts.set(email, (counts.get(email) ?? 0) + 1);
    }
  }
  return Object.fromEntries([...counts].filter(([, count]) => count > 1));
}
