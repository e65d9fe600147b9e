import pg from "pg";
import { describeError, type Logger } from "../logger";
import { createLocalChangeFeed, type ChangeFeed } from "./change-feed";

// The channel the changes table's trigger notifies (migration 0002); the payload is the seq.
export const CHANGES_CHANNEL = "erf_changes";

export interface PostgresChangeFeed extends ChangeFeed {
  /** Resolves once LISTEN is active (again, after a reconnect). */
  listening(): Promise<void>;
}

export interface PostgresChangeFeedOptions {
  url: string;
  logger: Logger;
  reconnectDelayMs?: number;
  /** Shown in pg_stat_activity, so an operator (or a test) can find this connection. */
  applicationName?: string;
}

/**
 * Several instances on one PostgreSQL: a change committed by any instance wakes the streams of all of
 * them through LISTEN/NOTIFY. One dedicated connection per process (not a pooled one: LISTEN belongs
 * to a session), reopened after it drops; after each (re)connect the streams are woken once so they
 * catch up on anything committed while nobody was listening.
 */
export function createPostgresChangeFeed({
  url,
  logger,
  reconnectDelayMs = 1_000,
  applicationName = "erf-change-feed",
}: PostgresChangeFeedOptions): PostgresChangeFeed {
  const local = createLocalChangeFeed();
  let client: pg.Client | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let ready!: Promise<void>;
  let markReady!: () => void;
  const resetReady = () => {
    ready = new Promise((resolve) => (markReady = resolve));
  };
  resetReady();

  const drop = (dropped: pg.Client, error?: unknown) => {
    if (client !== dropped) return;
    client = null;
    dropped.removeAllListeners("notification");
    dropped.end().catch(() => undefined);
    if (closed) return;
    logger.warn("change-feed-disconnected", error === undefined ? {} : describeError(error));
    resetReady();
    retryTimer = setTimeout(connect, reconnectDelayMs);
    retryTimer.unref();
  };

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, application_name: applicationName });
    client = next;
    next.on("notification", () => local.announce());
    // Without an error listener a dropped connection would crash the process.
    next.on("error", (error) => drop(next, error));
    next.on("end", () => drop(next));
    try {
      await next.connect();
      await next.query(`listen ${CHANGES_CHANNEL}`);
      if (client !== next) return;
      markReady();
      local.announce();
    } catch (error) {
      drop(next, error);
    }
  };
  void connect();

  return {
    subscribe: local.subscribe,
    announce: local.announce,
    listening: () => ready,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
      await local.close();
    },
  };
}
