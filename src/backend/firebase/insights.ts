import { collection, getCountFromServer, orderBy, query, Timestamp, where, type Firestore } from "firebase/firestore";
import { daysBetween, dayMs, rangeErrors, type Insights, type InsightsQuery } from "../../domain/insights";
import {
  DEMO_ORGANIZATION_TYPES,
  DEMO_PROPERTY_COUNTS,
  SIGNUP_ORGANIZATION_TYPES,
  SIGNUP_PROPERTY_COUNTS,
} from "../../domain/options";
import { adminCall, validationError } from "./admin-errors";
import { parseOwnerValue } from "./collection-query";

// The Insights tab on Firestore: what aggregation queries can answer, each a count of the documents that
// match fixed values in a createdAt range (billed at one read per 1,000 index entries counted).
// - New records per day, by type: a count per day and kind.
// - The previous period's total, for the summaries: a count per collection.
// - Leads by organisation type and property count: a count per pair of the forms' options.
// Sources, the funnel per source and first-response times are left out (Insights.unavailable): a source
// is an open-ended value, so there is no fixed list to count by, and a median is no count. The tab says so.
// Each count is ordered by createdAt, newest first, so the lists' indexes serve it (firestore.indexes.json).

const DAY_MS = 86_400_000;

type Equal = [field: string, value: string | null];

/** Code-unit order, as the server's ORDER BY reads text. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const ORGANIZATION_PAIRS: readonly {
  type: "signup" | "demo";
  organizationType: string;
  propertyCount: string;
}[] = [
  ...SIGNUP_ORGANIZATION_TYPES.flatMap((org) =>
    SIGNUP_PROPERTY_COUNTS.map((band) => ({
      type: "signup" as const,
      organizationType: org.value,
      propertyCount: band.value,
    })),
  ),
  ...DEMO_ORGANIZATION_TYPES.flatMap((org) =>
    DEMO_PROPERTY_COUNTS.map((band) => ({
      type: "demo" as const,
      organizationType: org.value,
      propertyCount: band.value,
    })),
  ),
];

export function insightsReader(db: Firestore, me: () => string | null) {
  const count = async (target: string, equal: Equal[], from: number, to: number) => {
    const constraints = [
      ...equal.map(([field, value]) => where(field, "==", value)),
      where("createdAt", ">=", Timestamp.fromMillis(from)),
      where("createdAt", "<", Timestamp.fromMillis(to)),
      orderBy("createdAt", "desc"),
    ];
    return (await getCountFromServer(query(collection(db, target), ...constraints))).data().count;
  };

  return async function insights({ from, to, owner: ownerParam }: InsightsQuery): Promise<Insights> {
    const [problem] = Object.entries(rangeErrors(from, to));
    if (problem) throw validationError(`${problem[0]}: ${problem[1]}`);
    const owner = parseOwnerValue(ownerParam, me());
    const owned: Equal[] = owner === undefined ? [] : [["owner", owner]];
    const days = daysBetween(from, to);
    const start = dayMs(from) ?? 0;
    const end = (dayMs(to) ?? 0) + DAY_MS;
    const previousStart = start - days.length * DAY_MS;
    // The newsletter has no owners: with an owner filter it is left out, as on the server.
    const kinds: [kind: "signup" | "demo" | "contact" | "newsletter", target: string, equal: Equal[]][] = [
      ["signup", "leads", [["type", "signup"], ...owned]],
      ["demo", "leads", [["type", "demo"], ...owned]],
      ["contact", "contacts", owned],
      ...(owner === undefined ? [["newsletter", "newsletter", []] as ["newsletter", string, Equal[]]] : []),
    ];
    return adminCall(async () => {
      const [perDay, previous, organizations] = await Promise.all([
        Promise.all(
          days.map(async (day, index) => {
            const at = start + index * DAY_MS;
            const counts = await Promise.all(kinds.map(([, target, equal]) => count(target, equal, at, at + DAY_MS)));
            const row = { day, signup: 0, demo: 0, contact: 0, newsletter: 0 };
            kinds.forEach(([kind], position) => (row[kind] = counts[position] ?? 0));
            return row;
          }),
        ),
        Promise.all(kinds.map(([, target, equal]) => count(target, equal, previousStart, start))),
        Promise.all(
          ORGANIZATION_PAIRS.map(async (pair) => ({
            ...pair,
            count: await count(
              "leads",
              [
                ["type", pair.type],
                ["organizationType", pair.organizationType],
                ["propertyCount", pair.propertyCount],
                ...owned,
              ],
              start,
              end,
            ),
          })),
        ),
      ]);
      // The two forms share some options: one row per pair, as the server groups them.
      const byPair = new Map<string, { organizationType: string; propertyCount: string; count: number }>();
      for (const { organizationType, propertyCount, count: n } of organizations) {
        if (n === 0) continue;
        const key = `${organizationType}\u0000${propertyCount}`;
        const entry = byPair.get(key) ?? {
          organizationType,
          propertyCount,
          count: 0,
        };
        entry.count += n;
        byPair.set(key, entry);
      }
      return {
        from,
        to,
        owner: owner === undefined ? null : (owner ?? "none"),
        perDay,
        previousTotal: previous.reduce((sum, n) => sum + n, 0),
        bySource: [],
        funnel: [],
        responseByWeek: [],
        responseByOwner: [],
        organizations: [...byPair.values()].sort(
          (a, b) => byText(a.organizationType, b.organizationType) || byText(a.propertyCount, b.propertyCount),
        ),
        unavailable: ["bySource", "funnel", "responseByWeek", "responseByOwner"],
      };
    });
  };
}
