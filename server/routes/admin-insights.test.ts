import { beforeAll, expect, it } from "vitest";
import { daysBetween, FUNNEL_STAGES, type Insights, type ResponseTimes } from "../../src/domain/insights";
import { ADMIN_EMAIL, mintSession, send } from "../test-support/admin";
import { testApp } from "../test-support/app";
import { seedContact, seedLead, seedSubscriber } from "../test-support/records";
import { describeStorage } from "../test-support/storage-suite";

// GET /api/admin/insights against a brute-force count: records seeded at random (seeded generator) over
// 70 days, with sources, statuses, owners, first responses and spam, and every aggregate worked out again
// here from the list of what was seeded, on SQLite and PostgreSQL.

const OTHER = "thabo@erf.co.za";
const SOURCES = [null, "newsletter", "google", "linkedin"] as const;
const MEDIUMS = [null, "email", "cpc"] as const;
const OWNERS = [null, ADMIN_EMAIL, OTHER] as const;
const DAY_MS = 86_400_000;
const START = Date.UTC(2026, 0, 1);

interface Seeded {
  kind: "signup" | "demo" | "contact" | "newsletter";
  createdAt: string;
  source: string | null;
  medium: string | null;
  status: string;
  owner: string | null;
  responseMs: number | null;
  spam: boolean;
  organizationType: string;
  propertyCount: string;
}

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function plan(count: number): Seeded[] {
  const next = random(20261124);
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
  return Array.from({ length: count }, (_, index) => {
    const kind = pick(["signup", "demo", "contact", "newsletter"] as const);
    const owned = kind !== "newsletter";
    const status = owned ? pick(FUNNEL_STAGES) : "subscribed";
    // Whole seconds, so both databases read the same milliseconds.
    const responseMs =
      owned && status !== "new"
        ? (1 + Math.floor(next() * 7200)) * 1000
        : owned && next() < 0.2
          ? (1 + index) * 1000
          : null;
    return {
      kind,
      createdAt: new Date(START + Math.floor((next() * 70 * DAY_MS) / 1000) * 1000 + index).toISOString(),
      source: pick(SOURCES),
      medium: pick(MEDIUMS),
      status,
      owner: owned ? pick(OWNERS) : null,
      responseMs,
      spam: owned && next() < 0.1,
      organizationType: kind === "signup" ? pick(["landlord", "hoa", "other"]) : pick(["investor", "hoa"]),
      propertyCount: kind === "signup" ? pick(["1-5", "6-20"]) : pick(["11-50", "51-200"]),
    };
  });
}

/** The median as the route defines it (the mean of the middle two) and the nearest-rank p90. */
function times(values: number[]): ResponseTimes {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return { count: 0, medianMs: null, p90Ms: null };
  return {
    count: n,
    medianMs: Math.round((sorted[Math.floor((n + 1) / 2) - 1]! + sorted[Math.floor((n + 2) / 2) - 1]!) / 2),
    p90Ms: sorted[Math.ceil(0.9 * n) - 1]!,
  };
}

const mondayOf = (iso: string) => {
  const day = Date.parse(`${iso.slice(0, 10)}T00:00:00.000Z`);
  const weekday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - weekday * DAY_MS).toISOString().slice(0, 10);
};

/** Every aggregate, counted over the seeded list. */
function expected(rows: Seeded[], from: string, to: string, owner: string | null | undefined): Insights {
  const start = `${from}T00:00:00.000Z`;
  const end = new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS).toISOString();
  const days = daysBetween(from, to);
  const previousStart = new Date(Date.parse(start) - days.length * DAY_MS).toISOString();
  const counted = (row: Seeded, lower: string, upper: string) =>
    row.createdAt >= lower &&
    row.createdAt < upper &&
    !row.spam &&
    (owner === undefined || (row.kind !== "newsletter" && row.owner === owner));
  const inRange = rows.filter((row) => counted(row, start, end));
  const owned = inRange.filter((row) => row.kind !== "newsletter");
  const group = <K>(list: Seeded[], key: (row: Seeded) => K) => {
    const groups = new Map<K, Seeded[]>();
    for (const row of list) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
    return groups;
  };
  const sources = [...group(inRange, (row) => JSON.stringify([row.source, row.medium]))].map(([key, list]) => {
    const [source, medium] = JSON.parse(key) as [string | null, string | null];
    return { source, medium, count: list.length };
  });
  const answered = owned.filter((row) => row.responseMs !== null);
  return {
    from,
    to,
    owner: owner === undefined ? null : (owner ?? "none"),
    perDay: days.map((day) => {
      const on = inRange.filter((row) => row.createdAt.startsWith(day));
      return {
        day,
        signup: on.filter((row) => row.kind === "signup").length,
        demo: on.filter((row) => row.kind === "demo").length,
        contact: on.filter((row) => row.kind === "contact").length,
        newsletter: on.filter((row) => row.kind === "newsletter").length,
      };
    }),
    previousTotal: rows.filter((row) => counted(row, previousStart, start)).length,
    bySource: sources.sort(
      (a, b) =>
        b.count - a.count ||
        String(a.source ?? "").localeCompare(String(b.source ?? "")) ||
        String(a.medium ?? "").localeCompare(String(b.medium ?? "")),
    ),
    funnel: [...group(owned, (row) => row.source)]
      .map(
        ([source, list]) =>
          ({
            source,
            ...Object.fromEntries(
              FUNNEL_STAGES.map((stage) => [stage, list.filter((row) => row.status === stage).length]),
            ),
          }) as Insights["funnel"][number],
      )
      .sort(
        (a, b) =>
          b.new + b.contacted + b.qualified + b.closed - (a.new + a.contacted + a.qualified + a.closed) ||
          String(a.source).localeCompare(String(b.source)),
      ),
    responseByWeek: [...group(answered, (row) => mondayOf(row.createdAt))]
      .map(([week, list]) => ({ week, ...times(list.map((row) => row.responseMs!)) }))
      .sort((a, b) => a.week.localeCompare(b.week)),
    responseByOwner: [...group(answered, (row) => row.owner)]
      .map(([who, list]) => ({ owner: who, ...times(list.map((row) => row.responseMs!)) }))
      .sort((a, b) => b.count - a.count || String(a.owner).localeCompare(String(b.owner))),
    organizations: [
      ...group(
        inRange.filter((row) => row.kind === "signup" || row.kind === "demo"),
        (row) => `${row.organizationType}|${row.propertyCount}`,
      ),
    ]
      .map(([key, list]) => ({
        organizationType: key.split("|")[0]!,
        propertyCount: key.split("|")[1]!,
        count: list.length,
      }))
      .sort(
        (a, b) =>
          a.organizationType.localeCompare(b.organizationType) || a.propertyCount.localeCompare(b.propertyCount),
      ),
  };
}

describeStorage(
  "insights",
  (open) => {
    const rows = plan(600);
    let app: ReturnType<typeof testApp>;
    let cookie: string;

    beforeAll(async () => {
      app = testApp(open.db);
      let n = 0;
      for (const row of rows) {
        const id = `r${String(n++).padStart(4, "0")}`;
        const email = `p${n}@example.co.za`;
        if (row.kind === "newsletter") {
          await seedSubscriber(open.db, id, row.createdAt, email);
          await open.db
            .updateTable("newsletter")
            .set({ utmSource: row.source, utmMedium: row.medium })
            .where("id", "=", id)
            .execute();
          continue;
        }
        if (row.kind === "contact") await seedContact(open.db, id, row.createdAt, { email });
        else
          await seedLead(
            open.db,
            id,
            row.createdAt,
            { email, organizationType: row.organizationType, propertyCount: row.propertyCount },
            row.kind,
          );
        const firstResponseAt =
          row.responseMs === null ? null : new Date(Date.parse(row.createdAt) + row.responseMs).toISOString();
        const set = {
          utmSource: row.source,
          utmMedium: row.medium,
          status: row.status as "new",
          owner: row.owner,
          firstResponseAt,
          spam: row.spam ? 1 : 0,
        };
        if (row.kind === "contact") await open.db.updateTable("contacts").set(set).where("id", "=", id).execute();
        else await open.db.updateTable("leads").set(set).where("id", "=", id).execute();
      }
      cookie = await mintSession(app, open.db);
    });

    const insights = async (query: string) => {
      const response = await send(app, "GET", `/api/admin/insights${query}`, { cookie });
      return {
        status: response.status,
        body: (await response.json()) as Insights & { fields?: Record<string, string> },
      };
    };

    it("answers every aggregate as a count over the records gives it, spam left out", async () => {
      for (const [from, to] of [
        ["2026-01-01", "2026-03-11"],
        ["2026-01-20", "2026-02-18"],
        ["2026-02-10", "2026-02-10"],
      ] as const) {
        const { status, body } = await insights(`?from=${from}&to=${to}`);
        expect(status).toBe(200);
        expect(body, `${from}..${to}`).toEqual(expected(rows, from, to, undefined));
      }
    });

    it("follows the owner filter (me, none, a staff email), leaving the newsletter out", async () => {
      for (const [query, owner] of [
        ["me", ADMIN_EMAIL],
        ["none", null],
        [OTHER, OTHER],
      ] as const) {
        const { status, body } = await insights(`?from=2026-01-01&to=2026-03-11&owner=${encodeURIComponent(query)}`);
        expect(status).toBe(200);
        expect(body, query).toEqual(expected(rows, "2026-01-01", "2026-03-11", owner));
        expect(body.perDay.every((day) => day.newsletter === 0)).toBe(true);
      }
    });

    it("refuses a bad range, owner or parameter with a 400 naming each", async () => {
      expect(await insights("?from=2026-02-30&to=2026-03-01")).toMatchObject({
        status: 400,
        body: { fields: { from: expect.any(String) } },
      });
      expect(await insights("?from=2026-03-02&to=2026-03-01")).toMatchObject({
        status: 400,
        body: { fields: { to: "Must not be before from" } },
      });
      expect(await insights("?from=2025-01-01&to=2026-03-01")).toMatchObject({
        status: 400,
        body: { fields: { to: "At most 366 days after from" } },
      });
      expect(await insights("?owner=nobody")).toMatchObject({
        status: 400,
        body: { fields: { owner: expect.any(String) } },
      });
      expect(await insights("?days=30")).toMatchObject({
        status: 400,
        body: { fields: { days: "Unknown parameter" } },
      });
    });

    // Last: it changes the records. On SQLite the counts are kept as records are written (migration 0016),
    // so each kind of write must move them: a status or owner change, spam either way, a deletion.
    it("stays a true count as records change status, owner and spam, and are erased", async () => {
      const next = random(7);
      const ids = rows.map((_, index) => `r${String(index).padStart(4, "0")}`);
      for (let index = 0; index < rows.length; index += 1) {
        const row = rows[index]!;
        if (row.kind === "newsletter" || next() > 0.3) continue;
        // One column at a time, so each must move the counts on its own.
        const pick = Math.floor(next() * 3);
        const change =
          pick === 0
            ? { status: FUNNEL_STAGES[Math.floor(next() * 4)]! }
            : pick === 1
              ? { owner: OWNERS[Math.floor(next() * 3)]! }
              : { spam: !row.spam };
        Object.assign(row, change);
        const table = row.kind === "contact" ? "contacts" : "leads";
        const set = "spam" in change ? { spam: change.spam ? 1 : 0 } : change;
        await open.db.updateTable(table).set(set).where("id", "=", ids[index]!).execute();
      }
      const erased = new Set<number>();
      for (let index = 0; index < rows.length; index += 7) {
        const row = rows[index]!;
        await open.db
          .deleteFrom(row.kind === "newsletter" ? "newsletter" : row.kind === "contact" ? "contacts" : "leads")
          .where("id", "=", ids[index]!)
          .execute();
        erased.add(index);
      }
      const left = rows.filter((_, index) => !erased.has(index));
      for (const owner of [undefined, ADMIN_EMAIL, null] as const) {
        const query = owner === undefined ? "" : `&owner=${owner === null ? "none" : encodeURIComponent(owner)}`;
        const { status, body } = await insights(`?from=2026-01-01&to=2026-03-11${query}`);
        expect(status).toBe(200);
        expect(body, String(owner)).toEqual(expected(left, "2026-01-01", "2026-03-11", owner));
      }
    });

    it("reads the last 90 days by default", async () => {
      const { status, body } = await insights("");
      expect(status).toBe(200);
      expect(body.perDay).toHaveLength(90);
      expect(body.to).toBe(new Date().toISOString().slice(0, 10));
    });
  },
  { clear: "once", admin: true },
);
