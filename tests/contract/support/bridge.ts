import type { AdminBackend } from "../../../src/backend/admin-port";
import type { PublicBackend } from "../../../src/backend/port";
import type { RecordChange } from "../../../src/domain/admin";
import type { LiveState } from "../../../src/backend/admin-port";

// What a contract page exposes to the test (runs in the browser). Results cross page.evaluate as plain
// data, so failures travel as { name, message, status, code } and are rethrown on the Node side.

export interface Adapters {
  public: PublicBackend;
  admin: AdminBackend;
}

export type CallResult =
  | { ok: true; value: unknown }
  | { ok: false; error: { name: string; message: string; status?: number; code?: string } };

export interface ContractBridge {
  start(config: unknown): void;
  call(side: keyof Adapters, method: string, args: unknown[]): Promise<CallResult>;
  watch(): void;
  unwatch(): void;
}

declare global {
  interface Window {
    __contract?: ContractBridge;
    __contractChange?: (change: RecordChange) => void;
    __contractState?: (state: LiveState) => void;
  }
}

export function exposeAdapters(create: (config: unknown) => Adapters): void {
  let adapters: Adapters | null = null;
  let stopWatching: (() => void) | null = null;
  window.__contract = {
    start(config) {
      adapters = create(config);
    },
    async call(side, method, args) {
      if (!adapters) throw new Error("start() first");
      const target = adapters[side] as unknown as Record<string, (...values: unknown[]) => Promise<unknown>>;
      try {
        return { ok: true, value: await target[method]!(...args) };
      } catch (error) {
        const { name, message, status, code } = error as Error & { status?: number; code?: string };
        return { ok: false, error: { name, message, status, code } };
      }
    },
    watch() {
      stopWatching = adapters!.admin.watch(
        // Reload notices follow deletions, which the contract does not make (Firebase never sends them).
        (event) => event.op !== "reload" && window.__contractChange?.(event),
        (state) => window.__contractState?.(state),
      );
    },
    unwatch() {
      stopWatching?.();
      stopWatching = null;
    },
  };
}
