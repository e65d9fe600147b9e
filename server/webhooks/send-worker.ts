import { parentPort } from "node:worker_threads";
import { runInBackground } from "./background-thread";
import { sendWebhook, type SendResult } from "./send";
import type { FromSendThread, ToSendThread } from "./send-thread";

// The webhook sending thread (started by send-thread.ts): signs and posts each delivery it is sent, and
// answers with the outcomes, those that finish in the same turn of its event loop in one message. On
// "shutdown" it stops taking work and ends once what it has under way is answered. It runs under
// SCHED_IDLE: it holds no lock anyone waits for, so it can wait for an idle core.

const port = parentPort;
if (!port) throw new Error("send-worker.ts runs as a worker thread (see send-thread.ts)");
runInBackground({ idle: true });

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
