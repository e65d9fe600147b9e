// npm run bench:insights — the Insights tab's data (GET /api/admin/insights: server/db/insights.ts) at
// 1,000,000 records: 700,000 leads, 200,000 contacts and 100,000 subscribers over two years, with sources,
// statuses, owners, first responses and a little spam, seeded straight into the tables with SQL. Times
// readInsights on the server's reader (a worker thread on SQLite, the pool on PostgreSQL) for the default
// 90 days, anyone's and one owner's, p50 and p95 of RUNS each (after a warm-up); PostgreSQL beside SQLite
// when one answers. Bounded: a few minutes; 127.0.0.1 only.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { connectDatabase, connectReader, isPostgres, migrateToLatest, readInsights, type Db } from "../server/db/store";
import { createScratchDatabase } from "./lib/postgres";
import { median, ms, percentile, printTable, type Row } from "./lib/table";

const COUNTS = { leads: 700_000, contacts: 200_000, newsletter: 100_000 };
const TOTAL = COUNTS.leads + COUNTS.contacts + COUNTS.newsletter;
const RUNS = Number(process.env.INSIGHTS_RUNS ?? 20);
const GOAL_MS = 200;
/** Two years of records, the newest at the range's end. */
const SPAN_SECONDS = 2 * 365 * 86_400;
const RANGE = { from: "2026-08-27", to: "2026-11-24" };
const OWNER = "staff1@erf.co.za";

/** Rows 1..count as SQL, each with a time in the two years before RANGE.to's end. */
function numbered(db: Db, count: number) {
  const n = sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(count)})`;
  const step = SPAN_SECONDS / count;
  const at = isPostgres(db)
    ? sql`to_char(timestamp '2026-11-25' - ((${sql.lit(count)} - i) * interval '${sql.raw(String(step))} seconds'), 'YYYY-MM-DD"T"HH24:MI:SS".000Z"')`
    : sql`strftime('%Y-%m-%dT%H:%M:%S.000Z', '2026-11-25', '-' || cast((${sql.lit(count)} - i) * ${sql.lit(step)} as integer) || ' seconds')`;
  return { n, at };
}

/**
 * A value in 0..count-1 drawn afresh for each row and column, so the columns vary independently and a day
 * holds as many combinations of source, status, owner and the rest as real traffic would.
 */
const draw = (db: Db, count: number) =>
  isPostgres(db) ? sql`floor(random() * ${sql.lit(count)})::int` : sql`abs(random()) % ${sql.lit(count)}`;
const source = (db: Db) =>
  sql`case ${draw(db, 5)} when 0 then null when 1 then 'newsletter' when 2 then 'google' when 3 then 'linkedin' else 'facebook' end`;
const medium = (db: Db) => sql`case ${draw(db, 3)} when 0 then null when 1 then 'email' else 'cpc' end`;
const status = (db: Db) =>
  sql`case ${draw(db, 4)} when 0 then 'new' when 1 then 'contacted' when 2 then 'qualified' else 'closed' end`;
const owner = (db: Db) =>
  sql`case ${draw(db, 3)} when 0 then null when 1 then 'staff1@erf.co.za' else 'staff2@erf.co.za' end`;
const spam = sql`case when i % 50 = 0 then 1 else 0 end`;

async function seed(db: Db): Promise<void> {
  await migrateToLatest(db);
  const firstResponse = (at: ReturnType<typeof numbered>["at"]) =>
    isPostgres(db)
      ? sql`case when i % 4 = 0 then null else to_char((${at})::timestamptz + (i % 7200) * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"') end`
      : sql`case when i % 4 = 0 then null else strftime('%Y-%m-%dT%H:%M:%S.000Z', ${at}, '+' || (i % 7200) || ' seconds') end`;
  let rows = numbered(db, COUNTS.leads);
  await sql`${rows.n} insert into leads (id, type, first_name, last_name, name, email, company_name, organization_type, property_count, status, owner, first_response_at, utm_source, utm_medium, spam, bot_check, created_at)
    select 'l' || i, case ${draw(db, 2)} when 0 then 'signup' else 'demo' end, 'F', 'L', 'F L', 'lead' || i || '@example.com', 'Co',
      case ${draw(db, 4)} when 0 then 'landlord' when 1 then 'hoa' when 2 then 'investor' else 'other' end, case ${draw(db, 4)} when 0 then '1-5' when 1 then '6-20' when 2 then '21-100' else '100+' end,
      ${status(db)}, ${owner(db)}, ${firstResponse(rows.at)}, ${source(db)}, ${medium(db)}, ${spam}, 'skipped', ${rows.at} from n`.execute(
    db,
  );
  rows = numbered(db, COUNTS.contacts);
  await sql`${rows.n} insert into contacts (id, first_name, last_name, email, message, status, owner, first_response_at, utm_source, utm_medium, spam, bot_check, created_at)
    select 'c' || i, 'F', 'L', 'contact' || i || '@example.com', 'Hello', ${status(db)}, ${owner(db)}, ${firstResponse(rows.at)}, ${source(db)}, ${medium(db)}, ${spam}, 'skipped', ${rows.at} from n`.execute(
    db,
  );
  rows = numbered(db, COUNTS.newsletter);
  await sql`${rows.n} insert into newsletter (id, email, status, utm_source, utm_medium, bot_check, created_at)
    select 'n' || i, 'reader' || i || '@example.com', 'subscribed', ${source(db)}, ${medium(db)}, 'skipped', ${rows.at} from n`.execute(
    db,
  );
  await sql`analyze`.execute(db);
}

interface Timing {
  p50: number;
  p95: number;
  records: number;
}

async function time(reader: Db, owner?: string): Promise<Timing> {
  const range = { ...RANGE, ...(owner !== undefined && { owner }) };
  const first = await readInsights(reader, range);
  const records = first.perDay.reduce((sum, day) => sum + day.signup + day.demo + day.contact + day.newsletter, 0);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await readInsights(reader, range);
    times.push(performance.now() - started);
  }
  return { p50: median(times), p95: percentile(times, 95), records };
}

async function measure(databaseUrl: string): Promise<{ anyone: Timing; owner: Timing; seedSeconds: number }> {
  const db = connectDatabase(databaseUrl);
  const seedStarted = performance.now();
  await seed(db);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const reader = connectReader(databaseUrl, db);
  try {
    return { anyone: await time(reader), owner: await time(reader, OWNER), seedSeconds };
  } finally {
    await Promise.all([db.destroy(), reader === db ? undefined : reader.destroy()]);
  }
}

const rows: Row[] = [];
const notes: string[] = [];
const add = (database: string, result: Awaited<ReturnType<typeof measure>>, goal: boolean) => {
  for (const [label, timing] of [
    ["anyone's", result.anyone],
    ["one owner's", result.owner],
  ] as const) {
    rows.push({
      what: `${database}: the Insights data for the last 90 days, ${label} records (${timing.records.toLocaleString("en")} in range), p50 (p95) of ${RUNS}`,
      goal: goal ? `≤ ${GOAL_MS} ms` : "",
      measured: `${ms(timing.p50)} (${ms(timing.p95)})`,
      met: goal ? timing.p95 <= GOAL_MS : null,
    });
  }
  notes.push(`${database}: ${TOTAL.toLocaleString("en")} records seeded in ${result.seedSeconds.toFixed(0)} s.`);
};

const dir = mkdtempSync(join(tmpdir(), "erf-insights-"));
try {
  add("Erf SQLite", await measure(`sqlite:${join(dir, "erf.sqlite")}`), true);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const scratch = await createScratchDatabase();
if (scratch) {
  try {
    add("Erf PostgreSQL", await measure(scratch.url), false);
  } finally {
    await scratch.drop();
  }
} else notes.push("PostgreSQL: no server answered at BENCH_POSTGRES_URL / 127.0.0.1:5432, so no PostgreSQL rows.");
printTable(`Insights at ${TOTAL.toLocaleString("en")} records`, "npm run bench:insights", rows, [
  `${COUNTS.leads.toLocaleString("en")} leads, ${COUNTS.contacts.toLocaleString("en")} contacts and ${COUNTS.newsletter.toLocaleString("en")} subscribers over two years; 1 in 50 leads and contacts spam; 3 in 4 answered within 2 hours.`,
  ...notes,
]);
