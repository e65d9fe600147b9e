import { envNumber } from "./lib/env-number";
import { keepAliveAgent, send, signIn } from "./lib/http";
import { createReport, percentile, runOnSelectedDatabases, sleep, type Report } from "./lib/report";
import { adminEnv, serverOnScratchStore, startServerProcess } from "./lib/server-process";
import { openEventStream, type EventStream, type StreamEvent } from "./lib/sse-client";
import { createSalesAccount } from "./lib/staff-account";

// Check 11 of docs/reliability.md: 20 dashboards on GET /api/admin/events (each its own session),
// reconnecting like EventSource (after the server's retry: delay, with Last-Event-ID), while 1,000
// changes (new submissions and status changes) are made at 20 a second and connections are cut at
// random (a quarter of them before their first event, the rest at exponentially distributed times). On PostgreSQL the dashboards and the writes are spread over TWO server instances sharing the
// database (LISTEN/NOTIFY), and every reconnection picks an instance at random, as a load balancer would.
// Must hold: every client ends with every change, none twice, in order; p95 from write to event under
// 1 s for events delivered on a live connection (catch-up after a cut waits out the 2 s retry delay
// first, so it is reported separately).
//
//   npx tsx tests/soak/live-updates.ts     (SOAK_DB, LIVE_CLIENTS, LIVE_CHANGES, LIVE_RATE, LIVE_CUT_MEAN_S)

const CLIENTS = envNumber("LIVE_CLIENTS", 20);
const CHANGES = envNumber("LIVE_CHANGES", 1_000);
const RATE = envNumber("LIVE_RATE", 20);
// Each client's connection is cut after an exponentially distributed time with this mean.
const CUT_MEAN_S = envNumber("LIVE_CUT_MEAN_S", 10);
const SETTLE_MS = 30_000;
const P95_LIMIT_MS = 1_000;
const ADMIN = { email: "live.admin@erf.test", password: "live updates passphrase" };
// The dashboards sign in as a sales rep: twenty sign-ins of the admin would each wait for a new TOTP step.
const READER = { email: "live.reader@erf.test", password: "live updates reader passphrase" };

interface Write {
  key: string;
  startedAt: number;
}

interface Client {
  stream: EventStream;
  received: { key: string; position: string; event: StreamEvent }[];
  cuts: number;
}

const keyOf = (op: string, collection: string, id: string) => `${op}:${collection}:${id}`;

async function runOn(kind: "sqlite" | "postgres", report: Report) {
  const label = kind === "sqlite" ? "SQLite" : "PostgreSQL (2 instances)";
  const env = { ...adminEnv(ADMIN), LOGIN_MAX_FAILURES: "1000" };
  const { store, server } = await serverOnScratchStore(kind, "live", { env });
  const servers = [server];
  if (kind === "postgres") servers.push(await startServerProcess({ databaseUrl: store.databaseUrl, env }));
  const pick = () => servers[Math.floor(Math.random() * servers.length)]!.url;
  await createSalesAccount(store.databaseUrl, READER);

  const writes = new Map<string, Write>();
  const clients: Client[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const cookie = await signIn(servers[i % servers.length]!.url, READER.email, READER.password);
    const client: Client = { stream: undefined as unknown as EventStream, received: [], cuts: 0 };
    client.stream = openEventStream(`${servers[i % servers.length]!.url}/api/admin/events`, {
      cookie,
      pickUrl: () => `${pick()}/api/admin/events`,
      onEvent: (event) => {
        if (event.event !== "change") return;
        const change = JSON.parse(event.data) as {
          position: string;
          collection: string;
          op: string;
          record: { id: string };
        };
        client.received.push({
          key: keyOf(change.op, change.collection, change.record.id),
          position: change.position,
          event,
        });
      },
    });
    clients.push(client);
  }
  // Every stream open before the first write (they start at the present, not at the beginning).
  while (clients.some((c) => !c.stream.isOpen())) await sleep(20);

  // A connection can drop before its first event: a quarter of the clients are cut right away, so
  // they reconnect (after the retry delay) while the first writes are made.
  const earlyCuts = clients.filter(() => Math.random() < 0.25);
  for (const client of earlyCuts.length > 0 ? earlyCuts : clients.slice(0, 1))
    if (client.stream.cut()) client.cuts += 1;

  let writing = true;
  const cutter = async (client: Client) => {
    while (writing) {
      await sleep(-Math.log(1 - Math.random()) * CUT_MEAN_S * 1000);
      if (!writing) break;
      if (client.stream.cut()) client.cuts += 1;
    }
  };
  const cutters = clients.map(cutter);

  // The writer: new submissions, and status changes of records it made earlier (each at most once).
  const cookie = await signIn(servers[0]!.url, ADMIN.email, ADMIN.password);
  const agent = keepAliveAgent(4);
  const updatable: { collection: string; id: string }[] = [];
  const writeErrors: string[] = [];
  const interval = 1000 / RATE;
  const writeStarted = performance.now();
  for (let n = 0; n < CHANGES; n++) {
    const due = writeStarted + n * interval;
    await sleep(Math.max(0, due - performance.now()));
    const base = servers[n % servers.length]!.url;
    const startedAt = performance.now();
    if (n % 3 === 2 && updatable.length > 0) {
      const target = updatable.splice(Math.floor(Math.random() * updatable.length), 1)[0]!;
      const status = target.collection === "newsletter" ? "unsubscribed" : "contacted";
      const result = await send(`${base}/api/admin/${target.collection}/${target.id}`, {
        method: "PATCH",
        headers: { "Content-Type": "application/json", Origin: base, Cookie: cookie },
        body: JSON.stringify({ status }),
        agent,
      });
      if (!result.ok || result.answer.status !== 200)
        writeErrors.push(result.ok ? `PATCH ${result.answer.status}` : result.error);
      else
        writes.set(keyOf("update", target.collection, target.id), {
          key: keyOf("update", target.collection, target.id),
          startedAt,
        });
      continue;
    }
    const collection = ["contacts", "leads", "newsletter"][n % 3]!;
    const email = `live.${n}.${Date.now()}@example.com`;
    const payload =
      collection === "contacts"
        ? { firstName: "Live", lastName: `Change ${n}`, email, message: `change ${n}` }
        : collection === "leads"
          ? {
              type: "signup",
              firstName: "Live",
              lastName: `Change ${n}`,
              email,
              companyName: "Live Co",
              organizationType: "hoa",
              propertyCount: "1-5",
              marketingOptIn: false,
              termsAccepted: true,
            }
          : { email };
    const result = await send(`${base}/api/${collection}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload),
      agent,
    });
    if (!result.ok || result.answer.status !== 201) {
      writeErrors.push(result.ok ? `POST ${result.answer.status}` : result.error);
      continue;
    }
    const { id } = JSON.parse(result.answer.body) as { id: string };
    writes.set(keyOf("insert", collection, id), { key: keyOf("insert", collection, id), startedAt });
    updatable.push({ collection, id });
  }
  const writeSeconds = (performance.now() - writeStarted) / 1000;
  writing = false;
  await Promise.all(cutters);

  // Let every client catch up (a cut near the end waits out the retry delay).
  const settleDeadline = Date.now() + SETTLE_MS;
  while (Date.now() < settleDeadline && clients.some((c) => new Set(c.received.map((r) => r.key)).size < writes.size))
    await sleep(100);
  for (const client of clients) client.stream.close();
  agent.destroy();
  for (const server of servers) await server.stop("SIGTERM");

  // The canonical order is the log's (positions, which order as strings); every client must have seen exactly that sequence.
  const problems: string[] = [];
  const liveLatencies: number[] = [];
  const allLatencies: number[] = [];
  clients.forEach((client, index) => {
    const keys = client.received.map((r) => r.key);
    const unique = new Set(keys);
    const missing = [...writes.keys()].filter((key) => !unique.has(key));
    const duplicates = keys.length - unique.size;
    const outOfOrder = client.received.filter((r, i) => i > 0 && r.position <= client.received[i - 1]!.position).length;
    const foreign = keys.filter((key) => !writes.has(key)).length;
    if (missing.length || duplicates || outOfOrder || foreign) {
      const state = `open ${client.stream.isOpen()}, ${client.stream.connections()} connections, Last-Event-ID ${client.stream.lastEventId()}, last position ${client.received.at(-1)?.position}`;
      problems.push(
        `client ${index}: ${missing.length} missing, ${duplicates} twice, ${outOfOrder} out of order, ${foreign} unknown (${state})`,
      );
    }
    for (const { key, event } of client.received) {
      const write = writes.get(key);
      if (!write) continue;
      const latency = event.receivedAt - write.startedAt;
      allLatencies.push(latency);
      // Delivered on a connection that was already open when the write began: the live path.
      if ((client.stream.openedAt(event.connection) ?? Infinity) <= write.startedAt) liveLatencies.push(latency);
    }
  });

  const cuts = clients.reduce((sum, c) => sum + c.cuts, 0);
  const reconnects = clients.reduce((sum, c) => sum + c.stream.connections() - 1, 0);
  report.figure(
    `${label}: writes`,
    `${writes.size} changes (${[...writes.keys()].filter((k) => k.startsWith("update")).length} status changes) in ${writeSeconds.toFixed(1)} s (${(writes.size / writeSeconds).toFixed(1)}/s); write errors: ${writeErrors.length}`,
  );
  report.figure(
    `${label}: clients`,
    `${CLIENTS} streams, ${cuts} random cuts, ${reconnects} reconnections with Last-Event-ID`,
  );
  report.figure(
    `${label}: write -> event, live connection (ms)`,
    `p50 ${percentile(liveLatencies, 50).toFixed(0)}, p95 ${percentile(liveLatencies, 95).toFixed(0)}, p99 ${percentile(liveLatencies, 99).toFixed(0)}, max ${Math.max(...liveLatencies).toFixed(0)} over ${liveLatencies.length} deliveries`,
  );
  report.figure(
    `${label}: write -> event, all deliveries incl. catch-up after cuts (ms)`,
    `p50 ${percentile(allLatencies, 50).toFixed(0)}, p95 ${percentile(allLatencies, 95).toFixed(0)}, max ${Math.max(...allLatencies).toFixed(0)} over ${allLatencies.length}`,
  );
  report.mustHold(
    `${label}: writes all succeeded`,
    writeErrors.length === 0 && writes.size === CHANGES,
    `${writes.size} of ${CHANGES}; ${writeErrors.slice(0, 3).join(", ")}`,
  );
  report.mustHold(
    `${label}: every client has every change, none twice, in order`,
    problems.length === 0,
    problems.length
      ? `${problems.length} of ${CLIENTS} clients incomplete: ${problems.slice(0, 3).join("; ")}`
      : `${CLIENTS} x ${writes.size}`,
  );
  report.mustHold(
    `${label}: p95 write -> event under ${P95_LIMIT_MS} ms on live connections`,
    percentile(liveLatencies, 95) < P95_LIMIT_MS,
    `${percentile(liveLatencies, 95).toFixed(0)} ms`,
  );
  report.mustHold(
    `${label}: connections were really cut`,
    cuts >= CLIENTS && reconnects >= cuts,
    `${cuts} cuts, ${reconnects} reconnections`,
  );

  await store.remove();
}

const report = createReport(
  `live updates under faults (check 11), ${CLIENTS} clients x ${CHANGES} changes at ${RATE}/s`,
);
await runOnSelectedDatabases(report, runOn);
