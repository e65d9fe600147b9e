import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ChildProcess } from "node:child_process";

/** Stops a child we started: SIGINT (emulators shut down cleanly on it), then SIGKILL after a grace period. */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGINT");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

export interface LogFile {
  /** For spawn's stdio: ["ignore", log.fd, log.fd]. */
  fd: number;
  /** The last few KB, for error messages. */
  tail(): string;
  remove(): void;
}

/**
 * A file for a child's output. Not a pipe: an emulator logs every request, and a pipe nobody drains
 * (the parent busy in spawnSync, say) fills up and freezes the emulator mid-write.
 */
export function logFile(prefix: string): LogFile {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const path = join(dir, "output.log");
  const fd = openSync(path, "a");
  return {
    fd,
    tail: () => readFileSync(path, "utf8").slice(-8_000),
    remove: () => {
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
