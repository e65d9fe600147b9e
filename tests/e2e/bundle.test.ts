import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import Papa from "papaparse";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startServer, type RunningServer } from "../support/server";
import { totpCode } from "../support/two-factor";

// What `npm start` runs is build/server.mjs, a bundle, with the files its worker threads start beside it
// (scripts/bundle-server.mjs), each bundled with what it imports: the CSV export's (csv-worker.mjs), the
// SQLite read thread's (sqlite-worker.mjs) and the SQLite checkpoint thread's (sqlite-checkpointer.mjs);
// and build/worker.mjs, the webhook worker as a process of its own. The other suites run the sources; this
// one checks that the bundle finds and starts them all.

const ADMIN = { email: "bundle.admin@erf.test", password: "bundled server passphrase" };

describe("the bundled server (npm start)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer(
      { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, WEBHOOKS_ALLOW_PRIVATE: "true" },
      { bundle: true },
    );
  });
  afterAll(() => server?.cleanup());

  /** The admin's session cookie: one sign-in for the file (a second within the same code's 30 s would be a replay). */
  let session: Promise<string> | null = null;
  const signedIn = () =>
    (session ??= (async () => {
      const login = await fetch(`${server.apiUrl}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.apiUrl },
        // The first admin has two-factor on (tests/support/two-factor.ts).
        body: JSON.stringify({ ...ADMIN, code: await totpCode(`${server.apiUrl}|${ADMIN.email}`) }),
      });
      expect(login.status).toBe(200);
      return login.headers
        .getSetCookie()
        .map((header) => header.split(";")[0])
        .join("; ");
    })());

  it("stores a submission, counts it through its read thread and exports it as CSV from its export thread", async () => {
    // The write connection checkpoints by itself only at a 40 MB WAL: short of that, the database file
    // changes only when the checkpoint thread copies a commit into it. First let the start-up's writes
    // settle there.
    const databaseFile = () => readFile(server.databasePath);
    let settled = await databaseFile();
    await vi.waitFor(
      async () => {
        const now = await databaseFile();
        const same = now.equals(settled);
        settled = now;
        expect(same).toBe(true);
      },
      { timeout: 10_000, interval: 200 },
    );

    const lead = await fetch(`${server.apiUrl}/api/leads`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        type: "demo",
        firstName: "Thandi",
        lastName: "Bundle",
        email: "thandi@example.co.za",
        phone: "+27 21 555 0100",
        companyName: "Bundle Estates",
        organizationType: "hoa",
        propertyCount: "11-50",
        challenges: "=SUM(A1)",
      }),
    });
    expect(lead.status).toBe(201);
    await vi.waitFor(async () => expect((await databaseFile()).equals(settled)).toBe(false), {
      timeout: 5_000,
      interval: 20,
    });

    const cookie = await signedIn();

    const stats = await fetch(`${server.apiUrl}/api/admin/stats`, { headers: { Cookie: cookie } });
    expect(stats.status).toBe(200);
    expect(await stats.json()).toMatchObject({ totalLeads: 1 });

    const csv = await fetch(`${server.apiUrl}/api/admin/export.csv`, { headers: { Cookie: cookie } });
    expect(csv.status).toBe(200);
    const rows = Papa.parse<string[]>(await csv.text(), { skipEmptyLines: true }).data;
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(
      expect.arrayContaining(["Thandi Bundle", "thandi@example.co.za", "Bundle Estates", "'=SUM(A1)"]),
    );
  });

  it("signs and sends a webhook from the worker on its event loop", async () => {
    await expectWebhookSent(server, await signedIn(), "sipho@example.co.za");
  });
});

/** Adds an endpoint on `on`, submits a contact, and waits for its signed delivery at a receiver started here. */
async function expectWebhookSent(server: RunningServer, cookie: string, email: string) {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  try {
    const created = await fetch(`${server.apiUrl}/api/admin/webhooks`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.apiUrl, Cookie: cookie },
      body: JSON.stringify({
        url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
        events: ["contact.created"],
      }),
    });
    expect(created.status).toBe(201);
    const { secret } = (await created.json()) as { secret: string };
    const contact = await fetch(`${server.apiUrl}/api/contacts`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        firstName: "Sipho",
        lastName: "Bundle",
        email,
        message: `Sent from the bundled server to ${email}.`,
      }),
    });
    expect(contact.status).toBe(201);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 10_000, interval: 50 });
    const payload = new Webhook(secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>);
    expect(payload).toMatchObject({ type: "contact.created", data: { email } });
  } finally {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}

describe("the bundled webhook worker (node build/worker.mjs)", () => {
  let server: RunningServer;
  let worker: ChildProcess | undefined;
  let output = "";
  beforeAll(async () => {
    // The server sends no webhook itself: only the worker beside it can.
    server = await startServer(
      {
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        WEBHOOKS_ALLOW_PRIVATE: "true",
        WEBHOOK_WORKER_IN_SERVER: "false",
      },
      { bundle: true },
    );
    worker = spawn(process.execPath, ["build/worker.mjs"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: `sqlite:${server.databasePath}`,
        WEBHOOKS_ALLOW_PRIVATE: "true",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    for (const stream of [worker.stdout, worker.stderr])
      stream?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  });
  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      const exited = new Promise((resolve) => worker!.once("exit", resolve));
      worker.kill("SIGTERM");
      await exited;
    }
    await server?.cleanup();
  });

  it("sends the server's events from its own process, and ends cleanly on SIGTERM", async () => {
    const login = await fetch(`${server.apiUrl}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.apiUrl },
      body: JSON.stringify({ ...ADMIN, code: await totpCode(`${server.apiUrl}|${ADMIN.email}`) }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
    await expectWebhookSent(server, cookie, "zanele@example.co.za");
    expect(output).toContain("webhook-worker-started");
    const exited = new Promise<number | null>((resolve) => worker!.once("exit", (code) => resolve(code)));
    worker!.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});
