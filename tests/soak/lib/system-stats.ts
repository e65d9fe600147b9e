import { existsSync, readdirSync, readFileSync } from "node:fs";

// What the disk and the CPUs were doing during a soak, from the kernel's counters (Linux only:
// /sys/block/<device>/stat and /proc/stat; elsewhere nothing is sampled). Every submission's commit waits for a flush
// of the database's log to the disk, so a slow disk shows in the submissions' tail; sampled each second,
// the counters say whether it was slow when the tail was long. Fields (Documentation/block/stat.rst):
// writes completed, sectors written, ms spent writing, and since Linux 5.5 flushes completed and ms
// spent flushing.

interface Counters {
  writes: number;
  sectors: number;
  writeMs: number;
  flushes: number;
  flushMs: number;
}

export interface DiskSecond {
  /** Seconds since sampling started. */
  at: number;
  writtenMB: number;
  /** Mean time a write took in this second, ms (0 when there were none). */
  writeMs: number;
  flushes: number;
  /** Mean time a flush (an fsync's cache flush) took in this second, ms. */
  flushMs: number;
}

function read(device: string): Counters | null {
  const fields = readFileSync(`/sys/block/${device}/stat`, "utf8").trim().split(/\s+/).map(Number);
  if (fields.length < 11) return null;
  return {
    writes: fields[4]!,
    sectors: fields[6]!,
    writeMs: fields[7]!,
    flushes: fields[15] ?? 0,
    flushMs: fields[16] ?? 0,
  };
}

/** The block devices that are disks (not loop, RAM or device-mapper children), e.g. vda, nvme0n1. */
function disks(): string[] {
  if (!existsSync("/sys/block")) return [];
  return readdirSync("/sys/block").filter((name) => !/^(loop|ram|zram|sr|dm-)/.test(name));
}

export interface DiskSampler {
  /** The busiest disk (most sectors written) and its seconds. */
  stop(): { device: string; seconds: DiskSecond[] } | null;
}

export interface CpuSecond {
  at: number;
  /** Shares of all CPUs' time in this second, %: busy (user, system, interrupts), waiting for I/O, and stolen by the hypervisor. */
  busy: number;
  iowait: number;
  steal: number;
}

function readCpu(): number[] | null {
  if (!existsSync("/proc/stat")) return null;
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0]!;
  // cpu user nice system idle iowait irq softirq steal ...
  return line.trim().split(/\s+/).slice(1, 9).map(Number);
}

/** Every second: how busy the CPUs were and how much time the hypervisor took from this VM. */
export function sampleCpu(): { stop(): CpuSecond[] } {
  let last = readCpu();
  const seconds: CpuSecond[] = [];
  const started = Date.now();
  const timer = setInterval(() => {
    const now = readCpu();
    if (now && last) {
      const delta = now.map((value, index) => value - last![index]!);
      const total = delta.reduce((sum, value) => sum + value, 0) || 1;
      const [user = 0, nice = 0, system = 0, , iowait = 0, irq = 0, softirq = 0, steal = 0] = delta;
      seconds.push({
        at: (Date.now() - started) / 1000,
        busy: (100 * (user + nice + system + irq + softirq)) / total,
        iowait: (100 * iowait) / total,
        steal: (100 * steal) / total,
      });
    }
    last = now;
  }, 1_000);
  return {
    stop() {
      clearInterval(timer);
      return seconds;
    },
  };
}

/** Samples grouped by the minute of the run they fall in (a sample at 60.0 s closes minute 1), in order. */
export const byMinute = <T extends { at: number }>(seconds: readonly T[]) => {
  const minutes = new Map<number, T[]>();
  for (const second of seconds) {
    const minute = Math.max(0, Math.floor((second.at - 0.001) / 60));
    minutes.set(minute, [...(minutes.get(minute) ?? []), second]);
  }
  return [...minutes].sort(([a], [b]) => a - b);
};

/** Per minute: mean busy %, mean and worst one-second steal %. */
export function describeCpuMinutes(seconds: readonly CpuSecond[]): string {
  return byMinute(seconds)
    .map(([minute, list]) => {
      const mean = (pick: (second: CpuSecond) => number) =>
        list.reduce((sum, second) => sum + pick(second), 0) / list.length;
      return `${minute + 1}:${mean((second) => second.busy).toFixed(0)}%/st${mean((second) => second.steal).toFixed(0)}(max ${Math.max(...list.map((second) => second.steal)).toFixed(0)})%`;
    })
    .join(" ");
}

export function sampleDisks(): DiskSampler {
  const devices = disks();
  const last = new Map(devices.map((device) => [device, read(device)]));
  const seconds = new Map<string, DiskSecond[]>(devices.map((device) => [device, []]));
  const started = Date.now();
  const timer = setInterval(() => {
    for (const device of devices) {
      const now = read(device);
      const before = last.get(device);
      last.set(device, now);
      if (!now || !before) continue;
      const writes = now.writes - before.writes;
      const flushes = now.flushes - before.flushes;
      seconds.get(device)!.push({
        at: (Date.now() - started) / 1000,
        writtenMB: ((now.sectors - before.sectors) * 512) / 1e6,
        writeMs: writes > 0 ? (now.writeMs - before.writeMs) / writes : 0,
        flushes,
        flushMs: flushes > 0 ? (now.flushMs - before.flushMs) / flushes : 0,
      });
    }
  }, 1_000);
  return {
    stop() {
      clearInterval(timer);
      const written = (device: string) => seconds.get(device)!.reduce((sum, second) => sum + second.writtenMB, 0);
      const busiest = [...devices].sort((a, b) => written(b) - written(a))[0];
      return busiest ? { device: busiest, seconds: seconds.get(busiest)! } : null;
    },
  };
}

/** Per minute: MB/s written, and the worst one-second mean write and flush times. */
export function describeDiskMinutes(seconds: readonly DiskSecond[]): string {
  return byMinute(seconds)
    .map(([minute, list]) => {
      const mbps = list.reduce((sum, second) => sum + second.writtenMB, 0) / list.length;
      const worstWrite = Math.max(...list.map((second) => second.writeMs));
      const worstFlush = Math.max(...list.map((second) => second.flushMs));
      return `${minute + 1}:${mbps.toFixed(0)}MB/s w${worstWrite.toFixed(0)}/f${worstFlush.toFixed(0)}ms`;
    })
    .join(" ");
}

/** CPU time (user + system) a process has used, in ms (Linux: /proc/<pid>/stat, in clock ticks of 10 ms). */
export function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU time used so far by the PostgreSQL server's processes on this machine (its backends, writers and
 * autovacuum), in ms; null where there is no /proc. A backend that has ended takes its time with it, so
 * the difference over a pass counts the connections open through it (the server's pools are).
 */
export function postgresCpuMs(): number | null {
  if (!existsSync("/proc")) return null;
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (!stat.includes("(postgres)")) continue;
      total += processCpuMs(Number(entry));
    } catch {
      // Ended while being read.
    }
  }
  return total;
}
