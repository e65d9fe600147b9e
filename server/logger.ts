export const LOG_LEVELS = ["silent", "error", "warn", "info", "debug"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

// One JSON object per line on stdout, so a log shipper can parse it without configuration.

type Fields = Record<string, unknown>;

export interface Logger {
  error(message: string, fields?: Fields): void;
  warn(message: string, fields?: Fields): void;
  info(message: string, fields?: Fields): void;
  debug(message: string, fields?: Fields): void;
}

const SEVERITY: Record<LogLevel, number> = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 };

export function createLogger(
  level: LogLevel,
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const at = (entryLevel: Exclude<LogLevel, "silent">) => (message: string, fields?: Fields) => {
    if (SEVERITY[entryLevel] > SEVERITY[level]) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: entryLevel, msg: message, ...fields }));
  };
  return { error: at("error"), warn: at("warn"), info: at("info"), debug: at("debug") };
}

/** What an error may say in a log: no request data, which could hold personal details. */
export function describeError(error: unknown): Fields {
  if (!(error instanceof Error)) return { error: String(error) };
  const code = (error as { code?: unknown }).code;
  return { error: error.message, errorName: error.name, ...(code !== undefined && { code }), stack: error.stack };
}
