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
// SQLite read thread's (sqlite-worker.mjs), the SQLite checkpoint thread's (sqlite-checkpointer.mjs) and
// the webhook sender's (dispatch-worker.mjs). The other suites run the sources; this one checks that the
// bundle finds and starts all four.

const ADMIN = { email: "bundle.admin@erf.test", password: "bundled server passphrase" };

describe("the bundled server (npm start)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, WEBHOOKS_ALLOW_PRIVATE: "true" }, { bundle: true });
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
      return login.headers.getSetCookie().map((header) => header.split(";")[0]).join("; ");
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
    await vi.waitFor(async () => expect((await databaseFile()).equals(settled)).toBe(false), { timeout: 5_000, interval: 20 });

    const cookie = await signedIn();

    const stats = await fetch(`${server.apiUrl}/api/admin/stats`, { headers: { Cookie: cookie } });
    expect(stats.status).toBe(200);
    expect(await stats.json()).toMatchObject({ totalLeads: 1 });

    const csv = await fetch(`${server.apiUrl}/api/admin/export.csv`, { headers: { Cookie: cookie } });
    expect(csv.status).toBe(200);
    const rows = Papa.parse<string[]>(await csv.text(), { skipEmptyLines: true }).data;
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(expect.arrayContaining(["Thandi Bundle", "thandi@example.co.za", "Bundle Estates", "'=SUM(A1)"]));
  });

  it("signs and sends a webhook from its sending thread, on a connection of its own", async () => {
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
      const cookie = await signedIn();
      const created = await fetch(`${server.apiUrl}/api/admin/webhooks`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.apiUrl, Cookie: cookie },
        body: JSON.stringify({ url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, events: ["contact.created"] }),
      });
      expect(created.status).toBe(201);
      const { secret } = (await created.json()) as { secret: string };
      const contact = await fetch(`${server.apiUrl}/api/contacts`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ firstName: "Sipho", lastName: "Bundle", email: "sipho@example.co.za", message: "Sent from the bundled server." }),
      });
      expect(contact.status).toBe(201);
      await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 10_000, interval: 50 });
      const payload = new Webhook(secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>);
      expect(payload).toMatchObject({ type: "contact.created", data: { email: "sipho@example.co.za" } });
    } finally {
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
