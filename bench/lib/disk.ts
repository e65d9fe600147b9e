import { closeSync, fdatasyncSync, openSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";
import { percentile } from "./table";

export interface SyncLatency {
  syncs: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * How long this disk takes to make a write durable: 64 KB written over a 4 MB region (the size of a
 * SQLite WAL between checkpoints), then fdatasync, again and again for `seconds`, in `dir`. Every commit of
 * a submission waits for one such sync, so the disk's tail is the floor of any server's tail.
 */
export function fdatasyncLatency(dir: string, seconds = 3): SyncLatency {
  const file = join(dir, "fdatasync-probe");
  const fd = openSync(file, "w");
  const block = Buffer.alloc(64 * 1024, 1);
  const times: number[] = [];
  try {
    const end = performance.now() + seconds * 1000;
    for (let index = 0; performance.now() < end; index += 1) {
      writeSync(fd, block, 0, block.length, (index % 64) * block.length);
      const started = performance.now();
      fdatasyncSync(fd);
      times.push(performance.now() - started);
    }
  } finally {
    closeSync(fd);
    rmSync(file, { force: true });
  }
  return { syncs: times.length, p50: percentile(times, 50), p99: percentile(times, 99), max: Math.max(...times) };
}
