import { CompiledQuery } from "kysely";
import pg from "pg";
import type { Db } from "../db/store";
import { describeError, type Logger } from "../logger";
import { createLocalChangeFeed, type ChangeFeed } from "./change-feed";

// The channel every instance listens on and notifies after it commits a change; the payload is empty.
export const CHANGES_CHANNEL = "erf_changes";
const NOTIFY_CHANGES = "select pg_notify($1, '')";

/**
 * Tells every instance's streams (through their LISTEN) that the change log may have grown: for a
 * process that wrote changes and has no feed of its own (the admin CLI).
 */
export async function notifyChangeListeners(db: Db): Promise<void> {
  await db.executeQuery(CompiledQuery.raw(NOTIFY_CHANGES, [CHANGES_CHANNEL]));
}

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
 *
 * announce() wakes this process's streams at once and notifies the other instances after the commit,
 * on this connection, not inside the writing transaction: a transaction that runs NOTIFY holds
 * PostgreSQL's notification-queue lock through its commit and its WAL flush, so every submission group
 * notifying in its own transaction made the groups commit one at a time (docs/reliability.md, check 4).
 * Announcements that come while a NOTIFY is on its way share the next one: at most one is in flight.
 */
export function createPostgresChangeFeed({
  url,
  logger,
  reconnectDelayMs = 1_000,
  applicationName = "erf-change-feed",
}: PostgresChangeFeedOptions): PostgresChangeFeed {
  const local = createLocalChangeFeed();
  let client: pg.Client | null = null;
  /** Set while LISTEN is active on `client`. */
  let listeningOn: pg.Client | null = null;
  let notifying = false;
  let notifyWanted = false;
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
    listeningOn = null;
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
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 5_000,
      application_name: applicationName,
    });
    client = next;
    // Its own NOTIFY comes back to it as well; the streams it wakes were woken when it was sent.
    let ownPid: number | null = null;
    next.on("notification", (message) => {
      if (message.processId !== ownPid) local.announce();
    });
    // Without an error listener a dropped connection would crash the process.
    next.on("error", (error) => drop(next, error));
    next.on("end", () => drop(next));
    try {
      await next.connect();
      await next.query(`listen ${CHANGES_CHANNEL}`);
      const { rows } = await next.query<{ pid: number }>("select pg_backend_pid() as pid");
      ownPid = rows[0]?.pid ?? null;
      if (client !== next) return;
      listeningOn = next;
      markReady();
      local.announce();
      // Changes made here while the connection was down were never announced to the other instances.
      notifyOthers();
    } catch (error) {
      drop(next, error);
    }
  };
  const notifyOthers = () => {
    notifyWanted = true;
    if (notifying) return;
    notifying = true;
    void (async () => {
      try {
        while (notifyWanted && listeningOn && !closed) {
          notifyWanted = false;
          await listeningOn.query(NOTIFY_CHANGES, [CHANGES_CHANNEL]);
        }
      } catch (error) {
        // The connection failed: drop() reconnects, and the reconnect notifies.
        logger.warn("change-feed-notify-failed", describeError(error));
      } finally {
        notifying = false;
      }
    })();
  };

  void connect();

  return {
    subscribe: local.subscribe,
    announce() {
      local.announce();
      notifyOthers();
    },
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
