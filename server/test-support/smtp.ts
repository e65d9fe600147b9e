import { freePort } from "../../tests/support/free-port";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

// A real SMTP server on 127.0.0.1 for the outbox suites and the e2e test: it keeps every message it
// accepts, can refuse mail (a 4xx, as a busy server does) and can be stopped and started again on the
// same port (a server that is down).

export interface CapturedMail {
  parsed: ParsedMail;
  /** Envelope recipients (RCPT TO). */
  to: string[];
  /** The raw header value, exactly as sent (mailparser restructures some List-* headers). */
  header(name: string): string | undefined;
}

export interface TestSmtpServer {
  url: string;
  port: number;
  messages: CapturedMail[];
  /** Resolves once `count` messages have arrived (rejects after timeoutMs). */
  waitForMessages(count: number, timeoutMs?: number): Promise<CapturedMail[]>;
  /** While true, every message is refused with 451 (temporary failure). */
  refuse(on: boolean): void;
  stop(): Promise<void>;
  start(): Promise<void>;
}

function unfold(raw: string, name: string): string | undefined {
  const headerBlock = raw.split(/\r?\n\r?\n/)[0] ?? "";
  const unfolded = headerBlock.replace(/\r?\n[ \t]+/g, " ");
  const line = unfolded
    .split(/\r?\n/)
    .find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** Starts listening at once unless `listen` is false (then call start() later: a server that comes up late). */
export async function startSmtpServer({
  port,
  listen = true,
}: { port?: number; listen?: boolean } = {}): Promise<TestSmtpServer> {
  const chosenPort = port ?? (await freePort());
  const messages: CapturedMail[] = [];
  const waiters: (() => void)[] = [];
  let refusing = false;
  let server: SMTPServer | null = null;

  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          if (refusing) {
            // Real servers often quote the recipient in their reply, as this one does.
            const recipient = session.envelope.rcptTo[0]?.address ?? "";
            const error = Object.assign(new Error(`Try again later <${recipient}>`), { responseCode: 451 });
            return callback(error);
          }
          const raw = Buffer.concat(chunks).toString("utf8");
          simpleParser(raw).then(
            (parsed) => {
              messages.push({
                parsed,
                to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
                header: (name) => unfold(raw, name),
              });
              waiters.splice(0).forEach((wake) => wake());
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });

  const api: TestSmtpServer = {
    url: `smtp://127.0.0.1:${chosenPort}`,
    port: chosenPort,
    messages,
    async waitForMessages(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} messages, got ${messages.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return messages.slice(0, count);
    },
    refuse(on) {
      refusing = on;
    },
    async start() {
      if (server) return;
      server = create();
      const starting = server;
      await new Promise<void>((resolve, reject) => {
        starting.once("error", reject);
        starting.listen(chosenPort, "127.0.0.1", () => resolve());
      });
    },
    async stop() {
      const stopping = server;
      server = null;
      if (stopping) await new Promise<void>((resolve) => stopping.close(() => resolve()));
    },
  };
  if (listen) await api.start();
  return api;
}
