import { spawnSync } from "node:child_process";
import { readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

// The webhook sender's threads do background work: when the cores are busy, the submissions go first.

/**
 * The nice value the sender's threads add to their own (0 is the default, 19 the lowest priority).
 * Applied on Linux only, where each thread has one of its own; elsewhere it would apply to the whole server.
 */
export const BACKGROUND_NICENESS = 10;

/**
 * Lowers the calling thread, on Linux (elsewhere nothing): to nice +10, and with `idle` to SCHED_IDLE
 * too (decision 0036). Under SCHED_IDLE a thread runs only when a core has nothing else to run, and a
 * submission's thread waking up takes the core from it at once; nice +10 alone still left the sending
 * beside the submissions' thread and lifted their p99 by half at 500/s. But a thread that holds
 * something the server's thread waits for (the write gate) must not be idle: while the cores are busy it
 * would not run at all, and the server would wait with it (decision 0037). Node has no binding for
 * sched_setscheduler, so util-linux's `chrt` sets it on this thread's id; without `chrt`, the nice value
 * is what there is. Lowering one's own priority needs no privilege.
 */
export function runInBackground({ idle }: { idle: boolean }): void {
  if (process.platform !== "linux") return;
  try {
    setPriority(Math.min(19, getPriority() + BACKGROUND_NICENESS));
  } catch {
    // Not allowed here (e.g. a container without the capability): it runs at normal priority.
  }
  if (!idle) return;
  let threadId: string | undefined;
  try {
    // "<pid>/task/<tid>": this thread's id, which os.setPriority(0) also means on Linux.
    threadId = readlinkSync("/proc/thread-self").split("/").pop();
  } catch {
    return;
  }
  if (threadId) spawnSync("chrt", ["--idle", "--pid", "0", threadId], { stdio: "ignore", timeout: 5_000 });
}
