import type { LiveEvent, LogPosition } from "../../domain/admin";
import type { LiveState } from "../admin-port";

// The dashboard's live stream over EventSource. After a dropped connection EventSource reconnects by
// itself (every 2 s, as the server's `retry:` asks) and sends Last-Event-ID, so nothing is missed. But
// an answer other than 200 (a 429 when too many streams are open, a 401, a 502 from a proxy) makes it
// give up for good: readyState CLOSED, no retry. Then a new one is opened here, after a growing,
// jittered delay, from the last position this client saw, so a refused dashboard recovers on its own
// without hammering the server (every open tab of every refused session retries).

const FIRST_DELAY_MS = 2_000;
const MAX_DELAY_MS = 60_000;

/** The wait before reopening after `failures` refusals in a row: 1-2 s, 2-4 s, 4-8 s, ... up to 30-60 s. */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** failures);
  // Half fixed, half random, so tabs refused together do not come back together.
  return ceiling / 2 + (random() * ceiling) / 2;
}

export interface LiveStreamOptions {
  /** The stream's URL for a start after `after` (undefined: from now on). */
  url: (after: LogPosition | undefined) => string;
  onChange: (event: LiveEvent) => void;
  onState?: (state: LiveState) => void;
  after?: LogPosition;
}

/** Opens the stream and keeps it open until the returned function is called. */
export function openLiveStream({ url, onChange, onState, after }: LiveStreamOptions): () => void {
  let position = after;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let stopped = false;

  const connect = () => {
    const current = new EventSource(url(position), { withCredentials: true });
    source = current;
    current.onopen = () => {
      failures = 0;
      onState?.("live");
    };
    current.onerror = () => {
      onState?.("reconnecting");
      if (stopped || current.readyState !== EventSource.CLOSED) return;
      current.close();
      source = null;
      timer = setTimeout(connect, reconnectDelay(failures));
      failures += 1;
    };
    current.addEventListener("change", (event) => {
      const message = event as MessageEvent<string>;
      // Where a new EventSource must start; one that reconnects by itself sends Last-Event-ID instead.
      if (message.lastEventId) position = message.lastEventId;
      onChange(JSON.parse(message.data) as LiveEvent);
    });
  };

  onState?.("connecting");
  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}
