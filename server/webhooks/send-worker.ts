import { spawnSync } from "node:child_process";
import { readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { sendWebhook, type SendResult } from "./send";
import { SEND_THREAD_NICENESS, type FromSendThread, type ToSendThread } from "./send-thread";

// The webhook sending thread (started by send-thread.ts): signs and posts each delivery it is sent, and
// answers with the outcomes, those that finish in the same turn of its event loop in one message. On
// "shutdown" it stops taking work and ends once what it has under way is answered.

const port = parentPort;
if (!port) throw new Error("send-worker.ts runs as a worker thread (see send-thread.ts)");
// Linux only: there each thread has a nice value and a scheduling policy of its own; elsewhere either
// would apply to the whole server.
if (process.platform === "linux") {
  try {
    setPriority(Math.min(19, getPriority() + SEND_THREAD_NICENESS));
  } catch {
    // Not allowed here (e.g. a container without the capability): it sends at normal priority.
  }
  schedIdle();
}

/**
 * Puts this thread under SCHED_IDLE (decision 0036): it runs when a core has nothing else to run, and a
 * submission's thread waking up takes the core from it at once. Nice +10 alone still left the sending
 * beside the submissions' thread and lifted their p99 by half at 500/s. Node has no binding for
 * sched_setscheduler, so util-linux's `chrt` sets it on this thread's id; without `chrt`, the nice value
 * above is what there is. Lowering one's own priority needs no privilege.
 */
function schedIdle(): void {
  let threadId: string | undefined;
  try {
    // "<pid>/task/<tid>": this thread's id, which os.setPriority(0) also means on Linux.
    threadId = readlinkSync("/proc/thread-self").split("/").pop();
  } catch {
    return;
  }
  if (threadId) spawnSync("chrt", ["--idle", "--pid", "0", threadId], { stdio: "ignore", timeout: 5_000 });
}

let finished: { n: number; result: SendResult }[] = [];
let underWay = 0;
let shuttingDown = false;

const answer = () => {
  const results = finished;
  finished = [];
  if (results.length > 0) port.postMessage({ type: "sent", results } satisfies FromSendThread);
  if (shuttingDown && underWay === 0) port.close();
};

port.on("message", (message: ToSendThread) => {
  if (message.type === "shutdown") {
    shuttingDown = true;
    if (underWay === 0) port.close();
    return;
  }
  for (const { n, url, signed, policy, timeoutMs } of message.jobs) {
    underWay += 1;
    // A send that throws (a secret the signer cannot read) is a failed attempt, logged like any other.
    void sendWebhook(url, { ...signed, at: new Date(signed.at) }, policy, timeoutMs)
      .catch((error: unknown): SendResult => ({ status: null, durationMs: 0, error: error instanceof Error ? error.message : String(error) }))
      .then((result) => {
        underWay -= 1;
        if (finished.length === 0) setImmediate(answer);
        finished.push({ n, result });
      });
  }
});
