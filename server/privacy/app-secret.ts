import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parseDatabaseUrl } from "../db/store";
import type { Logger } from "../logger";

export const MIN_APP_SECRET_LENGTH = 32;

/** Next to the SQLite file (data/ by default); data/ for PostgreSQL, whose instances should set APP_SECRET. */
export function appSecretFile(databaseUrl: string): string {
  const location = parseDatabaseUrl(databaseUrl);
  if (location.kind === "sqlite" && location.file !== ":memory:") return join(dirname(location.file), "app-secret");
  return join("data", "app-secret");
}

function readSecret(file: string): string {
  const secret = readFileSync(file, "utf8").trim();
  if (secret.length < MIN_APP_SECRET_LENGTH)
    throw new Error(`${file} holds fewer than ${MIN_APP_SECRET_LENGTH} characters; delete it or set APP_SECRET`);
  return secret;
}

/**
 * APP_SECRET when set; otherwise the one kept in `file`, generated (and logged) at the first start.
 * Generated once and kept, never regenerated: a new secret would break every unsubscribe link already
 * sent and make the suppression list unmatchable.
 */
export function resolveAppSecret({
  configured,
  file,
  logger,
}: {
  configured: string | null;
  file: string;
  logger: Logger;
}): string {
  if (configured) return configured;
  if (existsSync(file)) return readSecret(file);
  mkdirSync(dirname(file), { recursive: true });
  try {
    // "wx": a second process starting at the same moment keeps the first one's secret.
    writeFileSync(file, `${randomBytes(48).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as { code?: string }).code !== "EEXIST") throw error;
    return readSecret(file);
  }
  logger.warn("app-secret-generated", {
    file,
    message:
      "APP_SECRET is not set: generated one and saved it here. Back this file up with the database; with several instances set APP_SECRET instead.",
  });
  return readSecret(file);
}
