import { keepAliveAgent, send } from "./http";
import { sleep } from "./report";
import { openEventStream } from "./sse-client";

// The sustained-load soak's admin, in a process of its own: lists and stats every second, the full CSV
// export every `exportEveryS`, the live stream open throughout. Run beside the load generator it would
// share its event loop: parsing a 30 MB export or 500 events a second would delay the generator's
// sends, and autocannon's coordinated-omission correction would book that delay as server latency.
//
//   node --import tsx tests/soak/lib/admin-activity.ts <base url> <cookie> <deadline epoch ms> <export every s>
// Prints one JSON line (AdminActivity) on stdout when the deadline has passed.

export interface AdminActivity {
  statuses: [number, number][];
  errors: number;
  listMs: number[];
  statsMs: number[];
  exportMs: number[];
  exportRows: number[];
  streamEvents: number;
  streamDrops: number;
}

const [baseUrl, cookie, deadlineArg, exportEveryArg] = process.argv.slice(2);
if (!baseUrl || !cookie || !deadlineArg || !exportEveryArg)
  throw new Error("usage: admin-activity.ts <url> <cookie> <deadline> <export every s>");
const deadline = Number(deadlineArg);
const exportEveryMs = Number(exportEveryArg) * 1000;

const activity: AdminActivity = {
  statuses: [],
  errors: 0,
  listMs: [],
  statsMs: [],
  exportMs: [],
  exportRows: [],
  streamEvents: 0,
  streamDrops: 0,
};
const statuses = new Map<number, number>();
const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
/** Data rows of a CSV answer: its lines less the header and the final empty one. */
const csvRows = (body: string) => {
  let lines = 0;
  for (let at = body.indexOf("\r\n"); at !== -1; at = body.indexOf("\r\n", at + 2)) lines += 1;
  return lines - 1;
};

const stream = openEventStream(`${baseUrl}/api/admin/events`, { cookie });
const agent = keepAliveAgent(2);
let lastExport = Date.now();
for (let tick = 0; Date.now() < deadline; tick += 1) {
  const collection = ["leads", "contacts", "newsletter"][tick % 3]!;
  const query = tick % 5 === 4 ? "?q=load&limit=100" : "?limit=100";
  for (const [path, into] of [
    [`/api/admin/${collection}${query}`, activity.listMs],
    ["/api/admin/stats", activity.statsMs],
  ] as const) {
    const result = await send(`${baseUrl}${path}`, { headers: { Cookie: cookie }, agent, timeoutMs: 30_000 });
    if (!result.ok) activity.errors += 1;
    else {
      count(result.answer.status);
      into.push(result.answer.ms);
    }
  }
  if (Date.now() - lastExport >= exportEveryMs) {
    lastExport = Date.now();
    const result = await send(`${baseUrl}/api/admin/export.csv`, {
      headers: { Cookie: cookie },
      agent,
      timeoutMs: 120_000,
    });
    if (!result.ok) activity.errors += 1;
    else {
      count(result.answer.status);
      activity.exportMs.push(result.answer.ms);
      activity.exportRows.push(csvRows(result.answer.body));
    }
  }
  await sleep(1_000);
}
// The last submissions' events are still on their way.
await sleep(2_000);
agent.destroy();
stream.close();
activity.statuses = [...statuses];
activity.streamEvents = stream.events();
activity.streamDrops = stream.drops();
process.stdout.write(`${JSON.stringify(activity)}\n`);
