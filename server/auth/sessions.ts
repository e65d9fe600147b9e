import { createHash, randomBytes } from "node:crypto";
import type { Role } from "../../src/domain/staff";
import type { Clock } from "../clock";
import { deleteSession, findSession, insertSession, purgeSessions, touchSession, type Db } from "../db/store";

export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is rewritten at most this often, so a busy dashboard does not write on every request. */
export const SESSION_TOUCH_EVERY_MS = 60 * 1000;

export interface SessionAdmin {
  adminId: string;
  email: string;
  name: string | null;
  role: Role;
  /** Whether the account has two-factor on; an admin without it must enrol before anything else. */
  twoFactor: boolean;
}

export interface StartedSession {
  token: string;
  expiresAt: Date;
}

/** Only the hash is stored: a leaked sessions table (a backup, a replica) cannot be replayed as cookies. */
export const hashSessionToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export interface SessionStore {
  /** A fresh random 256-bit token for every login. */
  start(adminId: string): Promise<StartedSession>;
  /** The signed-in admin, or null for an unknown, ended or expired token. */
  resolve(token: string, options?: { touch?: boolean }): Promise<SessionAdmin | null>;
  end(token: string): Promise<void>;
  purgeExpired(): Promise<number>;
  /**
   * Tells this process's live streams that every session of an account was ended (disabled, new
   * password), so they check theirs now rather than at their next heartbeat.
   */
  announceEnded(adminId: string): void;
  /** Listens for announceEnded; returns the unsubscribe function. */
  onEnded(listener: (adminId: string) => void): () => void;
}

export function createSessionStore(db: Db, clock: Clock): SessionStore {
  const listeners = new Set<(adminId: string) => void>();
  return {
    async start(adminId) {
      const token = randomBytes(32).toString("base64url");
      const now = clock();
      const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
      await insertSession(db, {
        tokenHash: hashSessionToken(token),
        adminId,
        createdAt: now.toISOString(),
        lastSeenAt: now.toISOString(),
        expiresAt: expiresAt.toISOString(),
      });
      return { token, expiresAt };
    },

    async resolve(token, { touch = true } = {}) {
      const tokenHash = hashSessionToken(token);
      const session = await findSession(db, tokenHash);
      if (!session) return null;
      const now = clock().getTime();
      const lastSeen = Date.parse(session.lastSeenAt);
      // A disabled account's sessions are deleted with the change; one a sign-in racing it started is
      // refused here all the same.
      if (now >= Date.parse(session.expiresAt) || now - lastSeen >= SESSION_IDLE_MS || session.disabledAt !== null) {
        await deleteSession(db, tokenHash);
        return null;
      }
      if (touch && now - lastSeen >= SESSION_TOUCH_EVERY_MS) {
        await touchSession(db, tokenHash, new Date(now).toISOString());
      }
      return {
        adminId: session.adminId,
        email: session.email,
        name: session.name,
        role: session.role,
        twoFactor: session.twoFactor,
      };
    },

    end: (token) => deleteSession(db, hashSessionToken(token)),

    purgeExpired() {
      const now = clock().getTime();
      return purgeSessions(db, {
        now: new Date(now).toISOString(),
        idleSince: new Date(now - SESSION_IDLE_MS).toISOString(),
      });
    },
    announceEnded(adminId) {
      for (const listener of listeners) listener(adminId);
    },
    onEnded(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
