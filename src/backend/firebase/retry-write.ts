import { errorCode, isRetryable } from "./write-errors";

const RETRY_DELAYS_MS = [400, 1200];
// Firestore Lite's fetch has no deadline of its own; a hung request counts as a network failure.
const ATTEMPT_TIMEOUT_MS = 10_000;

class AttemptTimeout extends Error {
  readonly code = "deadline-exceeded";
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AttemptTimeout(`No answer from Firestore within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export interface RetryOptions {
  delays?: readonly number[];
}

/**
 * Runs a create, retrying network failures with the same document id (the http adapter's policy). A
 * retry refused with permission-denied means an earlier attempt did land: the rules refuse a second
 * create of an existing id, and the same document cannot fail them for any other reason the second time.
 * (The newsletter's re-subscribe is no exception: its consent ledger entry has the attempt's id, and the
 * rules never let an entry be written twice.)
 */
export async function retryWrite(write: () => Promise<void>, options: RetryOptions = {}): Promise<void> {
  const { delays = RETRY_DELAYS_MS } = options;
  let uncertain = false;
  for (let attempt = 0; ; attempt++) {
    try {
      await withTimeout(write(), ATTEMPT_TIMEOUT_MS);
      return;
    } catch (error) {
      if (uncertain && errorCode(error) === "permission-denied") return;
      const delay = delays[attempt];
      if (!isRetryable(error) || delay === undefined) throw error;
      uncertain = true;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
