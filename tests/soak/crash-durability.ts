import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Database from "better-sqlite3";
import { sealSecret } from "../../server/auth/secret-box";
import { derivePrivacyKeys } from "../../server/privacy/keys";
import { envNumber } from "./lib/env-number";
import { keepAliveAgent, send } from "./lib/http";
import { withClient } from "./lib/postgres";
import { createReport, percentile, runOnSelectedDatabases, sleep, type Report } from "./lib/report";
import { serverOnScratchStore } from "./lib/server-process";

// Check 3 of docs/reliability.md: 10,000 submissions over several connections while the server is
// killed with kill -9 at 20+ random moments and restarted. Every submission is retried with its own
// Idempotency-Key until it gets a 201. Must hold: every acknowledged submission is in the database
// exactly once (and logged exactly once in the change log), under the id it was acknowledged with; the
// database opens cleanly after every kill. A webhook endpoint wants every created and subscribed event,
// so kills also land while deliveries are on the wire: every acknowledged submission's event must reach
// the receiver at least once (a delivery a kill interrupted is sent again when its claim expires).
//
//   npx tsx tests/soak/crash-durability.ts          (SOAK_DB=sqlite|postgres|both, CRASH_SUBMISSIONS, CRASH_KILLS, CRASH_CONNECTIONS)

const SUBMISSIONS = envNumber("CRASH_SUBMISSIONS", 10_000);
const KILLS = envNumber("CRASH_KILLS", 24);
const CONNECTIONS = envNumber("CRASH_CONNECTIONS", 8);
// A submission that cannot get a 201 in this long counts as lost.
const GIVE_UP_MS = 120_000;

type Route = "contacts" | "leads" | "newsletter";
const ROUTES: Route[] = ["contacts", "leads", "newsletter"];

interface Acknowledged {
  id: string;
  replayed: boolean;
  attempts: number;
}

function body(route: Route, run: string, index: number): string {
  const email = `soak.${run}.${index}@example.com`;
  if (route === "contacts")
    return JSON.stringify({ firstName: "Crash", lastName: `Test ${index}`, email, message: `soak ${run} #${index}` });
  if (route === "leads") {
    return JSON.stringify({
      type: "demo",
      firstName: "Crash",
      lastName: `Test ${index}`,
      email,
      phone: "+27 21 555 0100",
      companyName: `Soak ${run} #${index}`,
      organizationType: "hoa",
      propertyCount: "11-50",
    });
  }
  return JSON.stringify({ email });
}

/** What the database holds for this run: submission index -> ids, and change-log inserts per id. */
async function readBack(kind: "sqlite" | "postgres", location: string, run: string) {
  const queries = {
    rows: `select id, email from contacts where email like 'soak.${run}.%' union all select id, email from leads where email like 'soak.${run}.%' union all select id, email from newsletter where email like 'soak.${run}.%'`,
    changes: `select record_id as id, count(*) as n from changes where op = 'insert' group by record_id`,
  };
  let rows: { id: string; email: string }[];
  let changes: { id: string; n: number | string }[];
  if (kind === "sqlite") {
    const db = new Database(location, { readonly: true, fileMustExist: true });
    rows = db.prepare(queries.rows).all() as typeof rows;
    changes = db.prepare(queries.changes).all() as typeof changes;
    db.close();
  } else {
    [rows, changes] = await withClient(location, async (client) => [
      (await client.query(queries.rows)).rows,
      (await client.query(queries.changes)).rows,
    ]);
  }
  const byIndex = new Map<number, string[]>();
  for (const row of rows) {
    const index = Number(/^soak\.[^.]+\.(\d+)@/.exec(row.email)?.[1]);
    byIndex.set(index, [...(byIndex.get(index) ?? []), row.id]);
  }
  return { byIndex, inserts: new Map(changes.map((c) => [c.id, Number(c.n)])) };
}

/** Opens the database the way an operator would after a crash and checks it. Returns a problem or null. */
async function checkOpensCleanly(kind: "sqlite" | "postgres", location: string): Promise<string | null> {
  try {
    if (kind === "sqlite") {
      const db = new Database(location, { fileMustExist: true });
      const integrity = db.pragma("integrity_check", { simple: true });
      const foreignKeys = db.pragma("foreign_key_check") as unknown[];
      db.close();
      if (integrity !== "ok") return `integrity_check: ${String(integrity)}`;
      if (foreignKeys.length > 0) return `foreign_key_check: ${foreignKeys.length} problems`;
      return null;
    }
    await withClient(location, (client) =>
      client.query("select count(*) from contacts; select count(*) from leads; select count(*) from changes"),
    );
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The server's own APP_SECRET in the soak (lib/server-process.ts): the endpoint's secret is sealed with it. */
const SOAK_APP_SECRET = "soak-app-secret-0123456789abcdefghijklmnopqrstuv";
const ENDPOINT_ID = "soak-endpoint";
/** After the last restart, how long the deliveries have to arrive: past a killed worker's 60 s lease. */
const WEBHOOK_SETTLE_MS = 150_000;

/** A receiver that answers every delivery 204 and keeps the record ids it saw. */
async function webhookReceiver() {
  const seen = new Set<string>();
  let deliveries = 0;
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      deliveries += 1;
      seen.add((JSON.parse(body) as { data: { id: string } }).data.id);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    seen,
    deliveries: () => deliveries,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The endpoint row, written straight into the scratch database (there is no admin in this soak). */
async function addEndpoint(kind: "sqlite" | "postgres", location: string, url: string) {
  const secret = sealSecret(
    derivePrivacyKeys(SOAK_APP_SECRET).webhookSecret,
    `webhook:${ENDPOINT_ID}`,
    `whsec_${randomBytes(32).toString("base64")}`,
  );
  const values = [
    ENDPOINT_ID,
    url,
    '["contact.created","lead.created","newsletter.subscribed"]',
    secret,
    "soak@erf.test",
    new Date().toISOString(),
  ];
  const insert = "insert into webhook_endpoints (id, url, events, secret, disabled, created_by, created_at) values ";
  if (kind === "sqlite") {
    const db = new Database(location, { fileMustExist: true });
    db.prepare(`${insert}(?, ?, ?, ?, 0, ?, ?)`).run(...values);
    db.close();
  } else await withClient(location, (client) => client.query(`${insert}($1, $2, $3, $4, 0, $5, $6)`, values));
}

async function runOn(kind: "sqlite" | "postgres", report: Report) {
  const run = randomBytes(3).toString("hex");
  const { store, server } = await serverOnScratchStore(kind, "crash", { env: { WEBHOOKS_ALLOW_PRIVATE: "true" } });
  const { location } = store;
  const hook = await webhookReceiver();
  await addEndpoint(kind, location, hook.url);

  const acknowledged = new Map<number, Acknowledged>();
  const failures = new Map<string, number>();
  const lost: number[] = [];
  let next = 0;
  let serverUp = true;

  const worker = async () => {
    const agent = keepAliveAgent(1);
    for (let index = next++; index < SUBMISSIONS; index = next++) {
      const route = ROUTES[index % ROUTES.length]!;
      const payload = body(route, run, index);
      const started = Date.now();
      for (let attempt = 1; ; attempt++) {
        const result = await send(`${server.url}/api/${route}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Idempotency-Key": `${run}-${index}` },
          body: payload,
          agent,
          timeoutMs: 10_000,
        });
        if (result.ok && result.answer.status === 201) {
          acknowledged.set(index, {
            id: (JSON.parse(result.answer.body) as { id: string }).id,
            replayed: result.answer.headers["idempotent-replayed"] === "true",
            attempts: attempt,
          });
          break;
        }
        const reason = result.ok ? `HTTP ${result.answer.status}` : result.error;
        failures.set(reason, (failures.get(reason) ?? 0) + 1);
        if (Date.now() - started > GIVE_UP_MS) {
          lost.push(index);
          break;
        }
        // Like the forms' adapter: back off a little, retry with the same key.
        await sleep(serverUp ? 20 + Math.random() * 80 : 100 + Math.random() * 200);
      }
    }
    agent.destroy();
  };

  // Kill points: random acknowledged counts spread over the run, each with a random extra delay.
  const killAt = Array.from({ length: KILLS }, () => Math.floor(SUBMISSIONS * (0.02 + 0.94 * Math.random()))).sort(
    (a, b) => a - b,
  );
  const restartMs: number[] = [];
  const openProblems: string[] = [];
  let kills = 0;
  let workersDone = false;
  const killer = async () => {
    for (const threshold of killAt) {
      while (acknowledged.size < threshold && !workersDone) await sleep(5);
      if (workersDone) break;
      await sleep(Math.random() * 40);
      serverUp = false;
      await server.stop("SIGKILL");
      kills += 1;
      const problem = await checkOpensCleanly(kind, location);
      if (problem) openProblems.push(`after kill ${kills}: ${problem}`);
      restartMs.push(await server.restart());
      serverUp = true;
    }
  };

  const started = performance.now();
  const workers = Array.from({ length: CONNECTIONS }, worker);
  const killing = killer();
  await Promise.all(workers);
  workersDone = true;
  await killing;
  const elapsedS = (performance.now() - started) / 1000;
  const settleStarted = Date.now();
  const acknowledgedIds = () => [...acknowledged.values()].map((ack) => ack.id);
  while (Date.now() - settleStarted < WEBHOOK_SETTLE_MS && !acknowledgedIds().every((id) => hook.seen.has(id)))
    await sleep(250);
  const settleS = (Date.now() - settleStarted) / 1000;
  await server.stop("SIGTERM");
  await hook.close();
  const webhookMissing = acknowledgedIds().filter((id) => !hook.seen.has(id));
  const finalProblem = await checkOpensCleanly(kind, location);
  if (finalProblem) openProblems.push(`at the end: ${finalProblem}`);

  const { byIndex, inserts } = await readBack(kind, location, run);
  const missing: number[] = [];
  const duplicated: number[] = [];
  const wrongId: number[] = [];
  const changeLogWrong: number[] = [];
  for (const [index, ack] of acknowledged) {
    const ids = byIndex.get(index) ?? [];
    if (ids.length === 0) missing.push(index);
    else if (ids.length > 1) duplicated.push(index);
    else if (ids[0] !== ack.id) wrongId.push(index);
    if (inserts.get(ack.id) !== 1) changeLogWrong.push(index);
  }
  const unacknowledgedStored = [...byIndex.keys()].filter((index) => !acknowledged.has(index));

  const label = kind === "sqlite" ? "SQLite" : "PostgreSQL";
  report.figure(
    `${label}: submissions acknowledged`,
    `${acknowledged.size} of ${SUBMISSIONS} over ${CONNECTIONS} connections in ${elapsedS.toFixed(1)} s`,
  );
  report.figure(
    `${label}: kill -9 count`,
    `${kills} (restart to healthy: median ${percentile(restartMs, 50).toFixed(0)} ms, max ${Math.max(...restartMs).toFixed(0)} ms)`,
  );
  report.figure(
    `${label}: failed attempts retried`,
    [...failures].map(([reason, count]) => `${reason} x${count}`).join(", ") || "none",
  );
  report.figure(
    `${label}: 201s that were idempotent replays (committed before a crash, answer lost)`,
    [...acknowledged.values()].filter((a) => a.replayed).length,
  );
  report.figure(
    `${label}: most attempts one submission needed`,
    Math.max(...[...acknowledged.values()].map((a) => a.attempts)),
  );
  report.mustHold(`${label}: at least 20 kills`, kills >= 20, `${kills}`);
  report.mustHold(
    `${label}: no submission lost`,
    lost.length === 0 && acknowledged.size === SUBMISSIONS,
    `${lost.length} gave up, ${SUBMISSIONS - acknowledged.size} unacknowledged`,
  );
  report.mustHold(
    `${label}: every 201 stored exactly once under its id`,
    missing.length + duplicated.length + wrongId.length === 0,
    `${missing.length} missing, ${duplicated.length} duplicated, ${wrongId.length} under another id (e.g. ${[...missing, ...duplicated, ...wrongId].slice(0, 5).join(", ") || "-"})`,
  );
  report.mustHold(
    `${label}: every stored record logged exactly once in the change log`,
    changeLogWrong.length === 0,
    `${changeLogWrong.length} wrong`,
  );
  report.figure(
    `${label}: webhook deliveries received (at least once per event; repeats after kills)`,
    `${hook.deliveries()} for ${acknowledged.size} events, all in ${settleS.toFixed(1)} s after the last submission`,
  );
  report.mustHold(
    `${label}: every acknowledged submission's webhook delivered at least once`,
    webhookMissing.length === 0,
    `${webhookMissing.length} missing (e.g. ${webhookMissing.slice(0, 3).join(", ") || "-"})`,
  );
  report.mustHold(
    `${label}: nothing stored that was never acknowledged`,
    unacknowledgedStored.length === 0,
    `${unacknowledgedStored.length}`,
  );
  report.mustHold(
    `${label}: the database opens cleanly after every kill`,
    openProblems.length === 0,
    openProblems.slice(0, 3).join("; ") ||
      `${kills + 1} checks (${kind === "sqlite" ? "integrity_check + foreign_key_check" : "connect + read"})`,
  );

  await store.remove();
}

const report = createReport("crash durability (check 3)");
await runOnSelectedDatabases(report, runOn);
