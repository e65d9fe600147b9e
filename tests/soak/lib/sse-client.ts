import { request, type ClientRequest } from "node:http";

// An EventSource for Node, close to the WHATWG one: it reconnects after the server's `retry:` delay
// with Last-Event-ID set to the last id it saw, and dispatches an event at each blank line. cut()
// drops the connection the way a network fault would (the client reconnects by itself).

export interface StreamEvent {
  id: string | null;
  event: string;
  data: string;
  receivedAt: number;
  /** Which connection of this client delivered it (1 = the first). */
  connection: number;
}

export interface EventStreamOptions {
  cookie: string;
  /** Called for every dispatched event. */
  onEvent?: (event: StreamEvent) => void;
  /** Pick the URL for each (re)connection, e.g. at random among instances; default: the given one. */
  pickUrl?: () => string;
  /** Reconnect delay before the server sent `retry:`; EventSource's default is implementation-defined. */
  initialRetryMs?: number;
}

export interface EventStream {
  events(): number;
  /** Connections that ended without close(): cuts, server ends, errors. */
  drops(): number;
  connections(): number;
  isOpen(): boolean;
  /** When a connection (numbered from 1) got its 200, or undefined if it never did. */
  openedAt(connection: number): number | undefined;
  lastEventId(): string | null;
  /** Drops the connection if one is open or opening; false while waiting to reconnect. */
  cut(): boolean;
  close(): void;
}

export function openEventStream(
  url: string,
  { cookie, onEvent, pickUrl = () => url, initialRetryMs = 1_000 }: EventStreamOptions,
): EventStream {
  let retryMs = initialRetryMs;
  let lastId: string | null = null;
  let current: ClientRequest | null = null;
  let open = false;
  let closed = false;
  let count = 0;
  let dropped = 0;
  let connection = 0;
  let timer: NodeJS.Timeout | undefined;
  const opened = new Map<number, number>();

  const scheduleReconnect = () => {
    open = false;
    current = null;
    if (closed) return;
    dropped += 1;
    clearTimeout(timer);
    timer = setTimeout(connect, retryMs);
  };

  function connect() {
    if (closed) return;
    connection += 1;
    const mine = connection;
    let buffer = "";
    let fields: { id?: string; event?: string; data: string[] } = { data: [] };
    const req = request(
      pickUrl(),
      { headers: { Cookie: cookie, Accept: "text/event-stream", ...(lastId !== null && { "Last-Event-ID": lastId }) } },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          // EventSource fails for good on a non-200; a soak client keeps trying, as a reloaded tab would.
          res.on("end", scheduleReconnect);
          return;
        }
        open = true;
        opened.set(mine, performance.now());
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          buffer += chunk;
          let newline: number;
          while ((newline = buffer.search(/\r\n|\n|\r/)) !== -1) {
            const line = buffer.slice(0, newline);
            buffer = buffer.slice(newline + (buffer.startsWith("\r\n", newline) ? 2 : 1));
            if (line === "") {
              if (fields.id !== undefined) lastId = fields.id;
              if (fields.data.length > 0) {
                count += 1;
                onEvent?.({
                  id: fields.id ?? lastId,
                  event: fields.event ?? "message",
                  data: fields.data.join("\n"),
                  receivedAt: performance.now(),
                  connection: mine,
                });
              }
              fields = { data: [] };
              continue;
            }
            if (line.startsWith(":")) continue;
            const colon = line.indexOf(":");
            const name = colon === -1 ? line : line.slice(0, colon);
            const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
            if (name === "data") fields.data.push(value);
            else if (name === "event") fields.event = value;
            else if (name === "id") fields.id = value;
            else if (name === "retry" && /^\d+$/.test(value)) retryMs = Number(value);
          }
        });
        res.on("end", () => current === req && scheduleReconnect());
        res.on("error", () => current === req && scheduleReconnect());
      },
    );
    req.on("error", () => current === req && scheduleReconnect());
    current = req;
    req.end();
  }
  connect();

  return {
    events: () => count,
    drops: () => dropped,
    connections: () => connection,
    isOpen: () => open,
    openedAt: (n) => opened.get(n),
    lastEventId: () => lastId,
    cut() {
      const req = current;
      if (!req) return false;
      // Reads as a network fault to both sides.
      req.destroy();
      if (current === req) scheduleReconnect();
      return true;
    },
    close() {
      closed = true;
      clearTimeout(timer);
      current?.destroy();
    },
  };
}
