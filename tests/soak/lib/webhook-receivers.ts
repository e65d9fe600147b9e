import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createInterface } from "node:readline";
import { setPriority } from "node:os";
import { Webhook } from "standardwebhooks";

// The webhook-load soak's two receivers, in a process of their own: beside the load generator their
// parsing and HMAC checks (500 deliveries a second and more) would delay its sends, and the delay would
// be booked as server latency in one pass and not in the other.
//
// - fast: verifies every delivery's signature (standardwebhooks), answers 204 at once.
// - faulty: answers 500 half the time and hangs 15 s (past the worker's 10 s) a tenth of the time; once
//   told to recover, 204 at once. A hang is a receiver that did the work and answered too late: it keeps
//   the event, so the worker's retry is a duplicate, to be recognised by its webhook-id.
//
//   node --import tsx tests/soak/lib/webhook-receivers.ts
// Prints {"fast":port,"faulty":port}, then answers each JSON command line on stdin with one JSON line:
// {"cmd":"secrets","fast":"whsec_…","faulty":"whsec_…"}, {"cmd":"recover"}, {"cmd":"mark"} (first-arrival
// delays from here on), {"cmd":"tally","ids":bool}.
// Exits when stdin closes.

export interface ReceiverTally {
  /** Requests received, whatever the answer. */
  requests: number;
  /** Deliveries kept: signature valid, answered 2xx (or hung after keeping it). */
  kept: number;
  /** Distinct webhook-ids kept. */
  webhookIds: number;
  /** Deliveries kept again under a webhook-id already kept. */
  duplicates: number;
  /** Distinct records (data.id) kept. */
  records: number;
  /** Webhook-ids seen with more than one record: must be 0 for duplicates to be recognisable. */
  idsWithSeveralRecords: number;
  badSignatures: number;
  /** From each event's timestamp (its commit) to its first arrival here, since the last {"cmd":"mark"} (ms). */
  firstDelayMs: { count: number; p50: number; p95: number; max: number };
  /** With {"ids":true}: the distinct record ids. */
  recordIds?: string[];
}

export type ReceiverTallies = { fast: ReceiverTally; faulty: ReceiverTally };

type Answer = { status: number; hangMs?: number };

function receiver(answer: () => Answer) {
  let webhook: Webhook | null = null;
  const recordOf = new Map<string, string>();
  const records = new Set<string>();
  const tally = { requests: 0, kept: 0, duplicates: 0, idsWithSeveralRecords: 0, badSignatures: 0 };
  let firstDelays: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      tally.requests += 1;
      const { status, hangMs = 0 } = answer();
      if (status >= 300) return void response.writeHead(status).end();
      let event: { data: { id: string }; timestamp: string };
      try {
        if (!webhook) throw new Error("no secret yet");
        event = webhook.verify(
          Buffer.concat(chunks).toString("utf8"),
          request.headers as Record<string, string>,
        ) as typeof event;
      } catch {
        tally.badSignatures += 1;
        return void response.writeHead(400).end();
      }
      const id = String(request.headers["webhook-id"]);
      const before = recordOf.get(id);
      if (before !== undefined) {
        tally.duplicates += 1;
        if (before !== event.data.id) tally.idsWithSeveralRecords += 1;
      } else {
        recordOf.set(id, event.data.id);
        firstDelays.push(Date.now() - Date.parse(event.timestamp));
      }
      records.add(event.data.id);
      tally.kept += 1;
      if (hangMs === 0) return void response.writeHead(status).end();
      setTimeout(() => response.destroyed || response.writeHead(status).end(), hangMs);
    });
  });
  return {
    server,
    setSecret: (secret: string) => void (webhook = new Webhook(secret)),
    mark: () => void (firstDelays = []),
    tally: (ids: boolean): ReceiverTally => {
      const sorted = [...firstDelays].sort((a, b) => a - b);
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
      const firstDelayMs = { count: sorted.length, p50: at(50), p95: at(95), max: sorted.at(-1) ?? 0 };
      return {
        ...tally,
        webhookIds: recordOf.size,
        records: records.size,
        firstDelayMs,
        ...(ids && { recordIds: [...records] }),
      };
    },
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
      ),
  };
}

let recovered = false;
// The receivers stand for other companies' servers, which run on machines of their own. Here they share
// the server's two cores, so they run at the lowest priority: what the soak measures is the server's own
// cost of sending, not the receivers' HMAC checks taking its core.
try {
  setPriority(19);
} catch {
  // Not allowed here: they run at the priority they were started with.
}

const fast = receiver(() => ({ status: 204 }));
const faulty = receiver(() => {
  if (recovered) return { status: 204 };
  const roll = Math.random();
  return roll < 0.1 ? { status: 204, hangMs: 15_000 } : roll < 0.6 ? { status: 500 } : { status: 204 };
});
const ports = { fast: await fast.listen(), faulty: await faulty.listen() };
process.stdout.write(`${JSON.stringify(ports)}\n`);

const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const command = JSON.parse(line) as
    | { cmd: "secrets"; fast: string; faulty: string }
    | { cmd: "recover" }
    | { cmd: "mark" }
    | { cmd: "tally"; ids?: boolean };
  let answer: unknown = { ok: true };
  if (command.cmd === "secrets") {
    fast.setSecret(command.fast);
    faulty.setSecret(command.faulty);
  } else if (command.cmd === "recover") recovered = true;
  else if (command.cmd === "mark") for (const target of [fast, faulty]) target.mark();
  else
    answer = {
      fast: fast.tally(command.ids === true),
      faulty: faulty.tally(command.ids === true),
    } satisfies ReceiverTallies;
  process.stdout.write(`${JSON.stringify(answer)}\n`);
});
lines.on("close", () => {
  for (const { server } of [fast, faulty]) server.closeAllConnections();
  process.exit(0);
});
