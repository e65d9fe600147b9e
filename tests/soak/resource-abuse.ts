import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { envNumber } from "./lib/env-number";
import { send } from "./lib/http";
import { createReport, percentile, sleep, type Report } from "./lib/report";
import { startServerProcess, type ServerProcess } from "./lib/server-process";

// Check 12 of docs/reliability.md, against the real server process on 127.0.0.1: 1,000 idle
// connections, slow-loris headers, slow bodies (all at once), then 10 MB bodies. A prober opens a NEW
// connection to GET /healthz every 200 ms throughout. Must hold: every probe answered 200 within 1 s;
// oversize bodies refused with 413 without the server reading all of them; and no connection that never
// finishes its request held past 60 s (Node's headersTimeout/requestTimeout, set in server/main.ts).
//
//   npx tsx tests/soak/resource-abuse.ts     (ABUSE_SECONDS observation window, default 100; ABUSE_IDLE 1000)

const WINDOW_S = envNumber("ABUSE_SECONDS", 100);
const IDLE = envNumber("ABUSE_IDLE", 1_000);
const SLOW_HEADERS = envNumber("ABUSE_SLOW_HEADERS", 200);
const SLOW_BODIES = envNumber("ABUSE_SLOW_BODIES", 200);
const BIG = 10 * 1024 * 1024;
const PROBE_LIMIT_MS = 1_000;
const HOLD_LIMIT_S = 60;

interface Held {
  socket: Socket;
  openedAt: number;
  closedAt: number | null;
  answer: string;
}

function open(port: number, onConnect: (socket: Socket) => void): Held {
  const held: Held = {
    socket: connect({ host: "127.0.0.1", port }),
    openedAt: performance.now(),
    closedAt: null,
    answer: "",
  };
  held.socket.on("connect", () => onConnect(held.socket));
  held.socket.on("data", (chunk: Buffer) => (held.answer += chunk.toString("latin1").slice(0, 200)));
  held.socket.on("error", () => undefined);
  held.socket.on("close", () => (held.closedAt ??= performance.now()));
  return held;
}

/** Sends a byte every `everyMs` until the socket closes or the window ends. */
function dribble(socket: Socket, text: string, everyMs: number, until: number) {
  let index = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || performance.now() > until) return clearInterval(timer);
    socket.write(text[index % text.length]!);
    index += 1;
  }, everyMs);
}

function lifetimes(group: Held[], windowEnd: number) {
  const closed = group.filter((h) => h.closedAt !== null && h.closedAt <= windowEnd);
  const lives = closed.map((h) => (h.closedAt! - h.openedAt) / 1000);
  return `${group.length - closed.length} of ${group.length} still open after ${WINDOW_S} s; closed ones lived median ${percentile(lives, 50).toFixed(0)} s, max ${lives.length ? Math.max(...lives).toFixed(0) : "-"} s; answers: ${[...new Set(group.map((h) => h.answer.split("\r\n")[0] || "(none)"))].join(", ")}`;
}

/** Posts `total` bytes as fast as the socket takes them; reports when the answer came and how much the server took. */
async function bigBody(
  port: number,
  path: string,
  chunked: boolean,
  extraHeaders = "",
): Promise<{ status: string; answerAfterBytes: number; accepted: number; ms: number; ended: string }> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    const started = performance.now();
    let written = 0;
    let answerAfterBytes = -1;
    let answer = "";
    let ms = NaN;
    let ended = "";
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const finish = (how: string) => {
      if (ended) return;
      ended = how;
      socket.destroy();
      resolve({ status: answer.split("\r\n")[0] ?? "", answerAfterBytes, accepted: written, ms, ended });
    };
    socket.on("data", (data: Buffer) => {
      if (answerAfterBytes === -1) {
        answerAfterBytes = written;
        ms = performance.now() - started;
      }
      answer += data.toString("latin1");
    });
    socket.on("error", (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
    socket.on("close", () => finish("closed by the server"));
    socket.on("connect", () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${extraHeaders}${chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${BIG}`}\r\n\r\n`,
      );
      const pump = () => {
        while (written < BIG && !socket.destroyed) {
          const piece = chunked
            ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")])
            : chunk;
          written += chunk.length;
          if (!socket.write(piece)) return void socket.once("drain", pump);
        }
        if (written >= BIG && !socket.destroyed) {
          if (chunked) socket.write("0\r\n\r\n");
          // Everything was taken: give the server a moment to answer, then stop.
          setTimeout(() => finish("server took the whole body"), 2_000);
        }
      };
      pump();
    });
    setTimeout(() => finish("timed out"), 30_000);
  });
}

async function run(report: Report, server: ServerProcess) {
  const probes: { ms: number; ok: boolean }[] = [];
  let probing = true;
  const prober = (async () => {
    while (probing) {
      // agent: false: a new connection each time, queued behind whatever the abusers hold.
      const result = await send(`${server.url}/healthz`, {
        timeoutMs: 5_000,
        agent: false,
        headers: { Connection: "close" },
      });
      probes.push({ ms: result.ok ? result.answer.ms : result.ms, ok: result.ok && result.answer.status === 200 });
      await sleep(200);
    }
  })();

  const started = performance.now();
  const windowEnd = started + WINDOW_S * 1000;
  const idle: Held[] = Array.from({ length: IDLE }, () => open(server.port, () => undefined));
  const slowHeaders: Held[] = Array.from({ length: SLOW_HEADERS }, () =>
    open(server.port, (socket) => {
      socket.write("POST /api/contacts HTTP/1.1\r\nHost: 127.0.0.1\r\n");
      dribble(socket, "X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", 2_000, windowEnd);
    }),
  );
  const slowBodies: Held[] = Array.from({ length: SLOW_BODIES }, () =>
    open(server.port, (socket) => {
      socket.write(
        "POST /api/contacts HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 30000\r\n\r\n",
      );
      dribble(socket, "{", 2_000, windowEnd);
    }),
  );
  await sleep(WINDOW_S * 1000);
  const abusiveProbes = probes.slice();

  // Oversize bodies, one after another, with the abusers still connected.
  const big = [
    ["10 MB with Content-Length to /api/contacts", await bigBody(server.port, "/api/contacts", false)],
    ["10 MB chunked to /api/contacts", await bigBody(server.port, "/api/contacts", true)],
    [
      "10 MB with Content-Length to /api/auth/login",
      await bigBody(server.port, "/api/auth/login", false, "Origin: http://127.0.0.1\r\n"),
    ],
    [
      "10 MB chunked to /api/auth/login",
      await bigBody(server.port, "/api/auth/login", true, "Origin: http://127.0.0.1\r\n"),
    ],
  ] as const;

  probing = false;
  await prober;
  for (const held of [...idle, ...slowHeaders, ...slowBodies]) held.socket.destroy();

  const slow = probes.filter((p) => !p.ok || p.ms > PROBE_LIMIT_MS);
  report.figure("idle connections", lifetimes(idle, windowEnd));
  report.figure("slow-loris headers (a byte every 2 s)", lifetimes(slowHeaders, windowEnd));
  report.figure("slow bodies (30,000-byte body, a byte every 2 s)", lifetimes(slowBodies, windowEnd));
  report.figure(
    "/healthz probes on new connections",
    `${probes.length} (${abusiveProbes.length} during the connection abuse): p50 ${percentile(
      probes.map((p) => p.ms),
      50,
    ).toFixed(1)} ms, p99 ${percentile(
      probes.map((p) => p.ms),
      99,
    ).toFixed(1)} ms, max ${Math.max(...probes.map((p) => p.ms)).toFixed(1)} ms`,
  );
  for (const [name, result] of big) {
    report.figure(
      name,
      `${result.status || "(no answer)"} ${result.ms.toFixed(0)} ms after the headers, ${(result.answerAfterBytes / 1024).toFixed(0)} KiB sent by then; the client got ${(result.accepted / 1024 / 1024).toFixed(1)} MiB into the socket (kernel buffers included) before: ${result.ended}`,
    );
  }
  // A connection that never finishes its request must not keep a socket (a file descriptor) for minutes.
  const heldTooLong = [...idle, ...slowHeaders, ...slowBodies].filter(
    (h) => (h.closedAt ?? windowEnd) - h.openedAt > HOLD_LIMIT_S * 1000,
  );
  report.mustHold(
    `no unfinished request keeps its connection past ${HOLD_LIMIT_S} s`,
    WINDOW_S > HOLD_LIMIT_S && heldTooLong.length === 0,
    `${heldTooLong.length} of ${idle.length + slowHeaders.length + slowBodies.length} held longer`,
  );
  report.mustHold(
    `/healthz answered 200 within ${PROBE_LIMIT_MS} ms throughout`,
    slow.length === 0 && probes.length > WINDOW_S * 2,
    `${slow.length} of ${probes.length} probes failed or slow`,
  );
  for (const [name, result] of big) {
    report.mustHold(
      `${name}: 413 without reading it all`,
      result.status.includes("413") && result.accepted < BIG,
      `${result.status || "(no answer)"}; took ${(result.accepted / 1024 / 1024).toFixed(1)} of 10 MiB`,
    );
  }
}

const report = createReport(
  `resource abuse (check 12): ${IDLE} idle + ${SLOW_HEADERS} slow-header + ${SLOW_BODIES} slow-body connections for ${WINDOW_S} s, then 10 MB bodies`,
);
const dir = mkdtempSync(join(tmpdir(), "erf-abuse-"));
const server = await startServerProcess({ databaseUrl: `sqlite:${join(dir, "erf.sqlite")}` });
try {
  await run(report, server);
} finally {
  await server.stop("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
}
process.exit(report.finish());
