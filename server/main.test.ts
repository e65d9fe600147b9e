import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, findContactById } from "./db/store";
import { validContact } from "./test-support/app";
import { TEST_TOTP_SECRET } from "./test-support/secrets";
import { nextTotpCode } from "./test-support/totp";

// The real entry point in a child process: start-up, durability of an acknowledged write across
// kill -9, graceful shutdown, and the readable env error.

const ROOT = fileURLToPath(new URL("..", import.meta.url));
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "erf-main-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function start(env: Record<string, string>) {
  // node --import tsx (not the tsx CLI) so the server is this one process and kill -9 reaches it.
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on("data", () => {
      const line = output.split("\n").find((l) => l.includes('"msg":"listening"'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, listening, exited, output: () => output };
}

const stop = (child: ChildProcess, signal: NodeJS.Signals) => child.exitCode === null && child.kill(signal);

describe("server/main.ts", () => {
  it("keeps an acknowledged submission after kill -9", async () => {
    const file = join(dir, "durable.sqlite");
    const server = start({ DATABASE_URL: `sqlite:${file}` });
    try {
      const url = await server.listening;
      const response = await fetch(`${url}/api/contacts`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(validContact),
      });
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      stop(server.child, "SIGKILL");
      await server.exited;

      const db = connectDatabase(`sqlite:${file}`);
      try {
        expect((await findContactById(db, id))?.email).toBe("naledi@example.co.za");
      } finally {
        await db.destroy();
      }
    } finally {
      stop(server.child, "SIGKILL");
    }
  });

  it("answers /healthz and shuts down cleanly on SIGTERM", async () => {
    const server = start({ DATABASE_URL: `sqlite:${join(dir, "graceful", "erf.sqlite")}` });
    try {
      const url = await server.listening;
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      // No APP_SECRET: one was generated beside the database, and the log says where.
      expect(existsSync(join(dir, "graceful", "app-secret"))).toBe(true);
      expect(server.output()).toContain('"msg":"app-secret-generated"');
      stop(server.child, "SIGTERM");
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('"msg":"shutting-down"');
    } finally {
      stop(server.child, "SIGKILL");
    }
  });

  it("says how to create an admin when there is none", async () => {
    const server = start({ DATABASE_URL: `sqlite:${join(dir, "no-admin", "erf.sqlite")}` });
    try {
      await server.listening;
      const lines = server
        .output()
        .split("\n")
        .filter((line) => line.includes('"msg":"no-admin"'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain("npm run admin -- create --email");
    } finally {
      stop(server.child, "SIGKILL");
    }
  });

  it("creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD (two-factor on with ADMIN_TOTP_SECRET) and exits promptly on SIGTERM with a live stream open", async () => {
    const server = start({
      DATABASE_URL: `sqlite:${join(dir, "bootstrap", "erf.sqlite")}`,
      ADMIN_EMAIL: "owner@erf.co.za",
      ADMIN_PASSWORD: "a long enough passphrase",
      ADMIN_TOTP_SECRET: TEST_TOTP_SECRET,
    });
    try {
      const url = await server.listening;
      const origin = new URL(url).origin;
      const login = (code?: string) =>
        fetch(`${url}/api/auth/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: origin },
          body: JSON.stringify({ email: "owner@erf.co.za", password: "a long enough passphrase", code }),
        });
      expect((await login()).status).toBe(401);
      const signedIn = await login(await nextTotpCode("main-test:owner@erf.co.za"));
      expect(signedIn.status).toBe(200);
      expect(await signedIn.json()).toMatchObject({ role: "admin", twoFactor: true, mustEnrolTwoFactor: false });
      const cookie = signedIn.headers.getSetCookie()[0]!.split(";")[0]!;
      const events = await fetch(`${url}/api/admin/events`, { headers: { Cookie: cookie } });
      expect(events.status).toBe(200);
      const reader = events.body!.getReader();
      await reader.read();

      stop(server.child, "SIGTERM");
      // 0: it closed the open stream itself and finished shutting down. Had the stream held it, the 10 s
      // grace period would have ended it with 1. (No bound in seconds: a busy CI machine once took over 2 s.)
      expect(await server.exited).toBe(0);
      await reader.cancel().catch(() => undefined);
    } finally {
      stop(server.child, "SIGKILL");
    }
  });

  it("refuses to start with a readable message on a bad setting", async () => {
    const server = start({ PORT: "eighty" });
    server.listening.catch(() => {});
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("PORT: Must be a number");
  });
});
