import { readdirSync, readFileSync } from "node:fs";

/** A thread's scheduling as Linux reports it: its nice value, and its policy (0 normal, 5 SCHED_IDLE). */
export interface ThreadState {
  nice: number;
  policy: number;
}

/** Each thread of this process, by id, from /proc (Linux only). */
export function threadStates(): Map<string, ThreadState> {
  const found = new Map<string, ThreadState>();
  for (const id of readdirSync("/proc/self/task")) {
    try {
      const fields = readFileSync(`/proc/self/task/${id}/stat`, "utf8").split(") ")[1]!.split(" ");
      found.set(id, { nice: Number(fields[16]), policy: Number(fields[38]) });
    } catch {
      // A thread that ended while being read.
    }
  }
  return found;
}
