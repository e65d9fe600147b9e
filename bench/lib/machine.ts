import { cpus, freemem, loadavg, platform, release, totalmem } from "node:os";

/** One line that says where the figures come from. */
export function describeMachine(): string {
  const cores = cpus();
  const model = cores[0]?.model.replace(/\s+/g, " ").trim() ?? "unknown CPU";
  const gib = (bytes: number) => (bytes / 1024 ** 3).toFixed(0);
  // The load average says whether something else was running on the machine at the time.
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");
  return `${model}, ${cores.length} cores, ${gib(totalmem())} GiB RAM (${gib(freemem())} free), ${platform()} ${release()}, Node ${process.version}, load average ${load}`;
}

export const today = () => new Date().toISOString().slice(0, 10);
