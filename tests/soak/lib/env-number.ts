// The soak scripts' knobs (SOAK_SECONDS, LIVE_CLIENTS, ...) come from the environment.

/** A numeric setting, or `fallback` when unset or empty; a value that is not a number stops the run instead of becoming NaN. */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number, not ${JSON.stringify(raw)}`);
  return value;
}
