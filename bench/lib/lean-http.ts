// A lean HTTP/1.1 client for the open loop: keep-alive sockets from node:net, one request at a time on
// each, requests written as one string and answers read only as far as the status line and the body's
// length. node:http's client spends several times the CPU per request (an agent, a parser, events and
// objects per request and header), and in a bench the generator shares the machine's cores with the
// server it measures: at 2,000 requests a second its cost showed up in the server's latency.
//
// It only speaks to servers that answer with a Content-Length or a chunked body (ours and the limit
// server); it does not follow redirects, decompress or pipeline.
import { connect, type Socket } from "node:net";

export type Done = (status: number, error?: string) => void;

interface Exchange {
  done: Done;
  deadline: number;
}

const HEADER_END = Buffer.from("\r\n\r\n");
const CHUNKED_END = Buffer.from("0\r\n\r\n");

class Connection {
  readonly socket: Socket;
  /** When it last finished a request (performance.now()). */
  idleSince = 0;
  #buffered: Buffer | null = null;
  #current: Exchange | null = null;
  #closed = false;
  #onIdle: (connection: Connection) => void;
  #onClosed: (connection: Connection) => void;

  constructor(port: number, onIdle: (connection: Connection) => void, onClosed: (connection: Connection) => void) {
    this.#onIdle = onIdle;
    this.#onClosed = onClosed;
    this.socket = connect({ host: "127.0.0.1", port, noDelay: true });
    this.socket.on("data", (chunk: Buffer) => this.#read(chunk));
    this.socket.on("error", (error: NodeJS.ErrnoException) => this.#close(error.code ?? error.message));
    this.socket.on("close", () => this.#close("ECONNRESET"));
  }

  send(request: string, exchange: Exchange): void {
    this.#current = exchange;
    this.socket.write(request);
  }

  /** Fails the exchange under way if it is overdue (the caller checks the clock). */
  expire(now: number): void {
    if (this.#current && this.#current.deadline <= now) this.#close("timeout");
  }

  #read(chunk: Buffer): void {
    const data = this.#buffered ? Buffer.concat([this.#buffered, chunk]) : chunk;
    const headerEnd = data.indexOf(HEADER_END);
    if (headerEnd < 0) {
      this.#buffered = data;
      return;
    }
    const head = data.toString("latin1", 0, headerEnd);
    const status = Number(head.slice(9, 12));
    const bodyStart = headerEnd + 4;
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    let end: number;
    if (length) end = bodyStart + Number(length[1]);
    else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
      const last = data.indexOf(CHUNKED_END, bodyStart);
      end = last < 0 ? Infinity : last + CHUNKED_END.length;
    } else end = bodyStart; // no body (a 204, or a server that closes)
    if (data.length < end) {
      this.#buffered = data;
      return;
    }
    this.#buffered = data.length > end ? data.subarray(end) : null;
    const exchange = this.#current;
    this.#current = null;
    exchange?.done(status);
    if (/\r\nconnection:\s*close/i.test(head)) this.#close("closed by server");
    else if (!this.#closed) this.#onIdle(this);
  }

  #close(reason: string): void {
    if (this.#closed) return;
    this.#closed = true;
    this.socket.destroy();
    const exchange = this.#current;
    this.#current = null;
    exchange?.done(0, reason);
    this.#onClosed(this);
  }

  destroy(): void {
    this.#close("destroyed");
  }
}

/**
 * Keep-alive connections to 127.0.0.1:`port`, at most `maxSockets`, each carrying one request at a time.
 * A connection idle for `maxIdleMs` is closed rather than reused. Node's server closes a connection idle
 * for 5 s (its keepAliveTimeout), and a request written just as that close arrives fails with
 * ECONNRESET: one submission in 300,000 did, in a 600 s soak (docs/reliability.md, check 4, session 7).
 * Browsers and undici likewise stop reusing a connection before the server's timeout.
 */
export class LeanHttpClient {
  readonly #port: number;
  readonly #host: string;
  readonly #maxSockets: number;
  readonly #maxIdleMs: number;
  readonly #idle: Connection[] = [];
  readonly #all = new Set<Connection>();
  readonly #waiting: { request: string; exchange: Exchange }[] = [];
  readonly #sweep: NodeJS.Timeout;
  #destroyed = false;

  constructor(port: number, { maxSockets = 512, maxIdleMs = 4_000 }: { maxSockets?: number; maxIdleMs?: number } = {}) {
    this.#port = port;
    this.#host = `127.0.0.1:${port}`;
    this.#maxSockets = maxSockets;
    this.#maxIdleMs = maxIdleMs;
    this.#sweep = setInterval(() => {
      const now = performance.now();
      for (const connection of this.#all) connection.expire(now);
      for (const waiting of this.#waiting.splice(0)) {
        if (waiting.exchange.deadline <= now) waiting.exchange.done(0, "timeout");
        else this.#waiting.push(waiting);
      }
    }, 100);
  }

  /** POSTs `body` (JSON) to `path`; `done` gets the status, or 0 and an error code (e.g. "timeout" after `timeoutMs`). */
  post(path: string, body: string, headers: Record<string, string>, timeoutMs: number, done: Done): void {
    let request = `POST ${path} HTTP/1.1\r\nHost: ${this.#host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`;
    for (const name in headers) request += `${name}: ${headers[name]}\r\n`;
    request += `\r\n${body}`;
    const now = performance.now();
    const exchange = { done, deadline: now + timeoutMs };
    const connection = this.#takeIdle(now) ?? (this.#all.size < this.#maxSockets ? this.#open() : null);
    if (connection) connection.send(request, exchange);
    else this.#waiting.push({ request, exchange });
  }

  /** The most recently used idle connection, closing any that have been idle too long. */
  #takeIdle(now: number): Connection | undefined {
    for (let connection = this.#idle.pop(); connection; connection = this.#idle.pop()) {
      if (now - connection.idleSince < this.#maxIdleMs) return connection;
      connection.destroy();
    }
    return undefined;
  }

  #open(): Connection {
    const connection = new Connection(
      this.#port,
      (idle) => {
        const next = this.#waiting.shift();
        if (next) idle.send(next.request, next.exchange);
        else {
          idle.idleSince = performance.now();
          this.#idle.push(idle);
        }
      },
      (closed) => {
        this.#all.delete(closed);
        const at = this.#idle.indexOf(closed);
        if (at >= 0) this.#idle.splice(at, 1);
        const next = this.#destroyed ? undefined : this.#waiting.shift();
        if (next) this.#open().send(next.request, next.exchange);
      },
    );
    this.#all.add(connection);
    return connection;
  }

  destroy(): void {
    this.#destroyed = true;
    clearInterval(this.#sweep);
    for (const connection of [...this.#all]) connection.destroy();
    for (const waiting of this.#waiting.splice(0)) waiting.exchange.done(0, "destroyed");
  }
}
