import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPasswordHasher } from "../auth/passwords";
import { connectDatabase, findAdminByEmail, listAudit } from "../db/store";
import { bundleServer } from "../../scripts/bundle-server.mjs";
import { ADMIN_CLI_FROM_SOURCES } from "../../tests/support/server";
import { EXIT } from "./admin-commands";

// The CLI as a child process, as an operator runs it, on a temporary SQLite file. From a bundle the
// suite makes of the sources first (the one the build makes: scripts/bundle-server.mjs), which starts in
// a fraction of the 2 s a child takes to load them through tsx; the first test runs it exactly as
// `npm run admin` does, from the sources.

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
let dir: string;
let databaseUrl: string;
/** Inside the checkout: the bundle leaves the native packages to node_modules, found from where it is. */
let bundleDir: string;
let bundled: string[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "erf-cli-"));
  databaseUrl = `sqlite:${join(dir, "erf.sqlite")}`;
  await mkdir(join(ROOT, "node_modules", ".cache"), { recursive: true });
  bundleDir = await mkdtemp(join(ROOT, "node_modules", ".cache", "erf-cli-"));
  // The CLI, and the SQLite threads it starts beside it.
  await bundleServer(bundleDir, ["admin", "sqlite-worker", "sqlite-checkpointer"]);
  bundled = [join(bundleDir, "admin.mjs")];
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(bundleDir, { recursive: true, force: true });
});

function admin(
  args: string[],
  {
    password,
    stdin,
    env = {},
    entry = bundled,
  }: { password?: string; stdin?: string; env?: Record<string, string>; entry?: string[] } = {},
) {
  const child = spawn(process.execPath, [...entry, ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      DATABASE_URL: databaseUrl,
      ...(password !== undefined && { ADMIN_PASSWORD: password }),
      ...env,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(stdin ?? "");
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, stdout, stderr })),
  );
}

async function auditEntries() {
  const db = connectDatabase(databaseUrl);
  try {
    return (await listAudit(db, { limit: 100, before: null })).reverse();
  } finally {
    await db.destroy();
  }
}

async function storedHash(email: string) {
  const db = connectDatabase(databaseUrl);
  try {
    return (await findAdminByEmail(db, email))?.passwordHash;
  } finally {
    await db.destroy();
  }
}

describe("npm run admin", () => {
  it("lists no admins on a fresh database (running the migrations first), run as npm run admin runs it", async () => {
    const result = await admin(["list"], { entry: ADMIN_CLI_FROM_SOURCES });
    expect(result).toMatchObject({ code: EXIT.ok, stderr: "" });
    expect(result.stdout).toContain("No admins yet");
  });

  it("creates an admin from ADMIN_PASSWORD, lower-casing the email and hashing with production argon2id", async () => {
    const result = await admin(["create", "--email", "Owner@Erf.co.za"], { password: "a long enough passphrase" });
    expect(result).toMatchObject({
      code: EXIT.ok,
      stdout: "Created admin owner@erf.co.za. They set up two-factor sign-in at their first sign-in.\n",
    });
    const hash = await storedHash("owner@erf.co.za");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await createPasswordHasher().verify(hash!, "a long enough passphrase")).toBe(true);
  });

  it("refuses a duplicate email in any case with exit 3", async () => {
    const result = await admin(["create", "--email", "OWNER@erf.co.za"], { password: "another long passphrase" });
    expect(result.code).toBe(EXIT.duplicate);
    expect(result.stderr).toContain("An admin with email owner@erf.co.za already exists");
  });

  it("refuses a password under 12 characters with exit 5, creating nothing", async () => {
    const result = await admin(["create", "--email", "short@erf.co.za"], { password: "elevenchars" });
    expect(result.code).toBe(EXIT.weakPassword);
    expect(result.stderr).toContain("at least 12 characters");
    expect(await storedHash("short@erf.co.za")).toBeUndefined();
  });

  it("reads the password from piped standard input when ADMIN_PASSWORD is not set", async () => {
    const result = await admin(["create", "--email", "piped@erf.co.za"], { stdin: "piped passphrase 123\n" });
    expect(result.code).toBe(EXIT.ok);
    expect(await createPasswordHasher().verify((await storedHash("piped@erf.co.za"))!, "piped passphrase 123")).toBe(
      true,
    );
  });

  it("creates a sales account with --role sales, and refuses a role it does not know", async () => {
    const result = await admin(["create", "--email", "rep@erf.co.za", "--role", "sales"], {
      password: "a rep's long passphrase",
    });
    expect(result).toMatchObject({ code: EXIT.ok, stdout: "Created sales account rep@erf.co.za.\n" });
    const refused = await admin(["create", "--email", "boss@erf.co.za", "--role", "owner"], {
      password: "a long enough passphrase",
    });
    expect(refused.code).toBe(EXIT.usage);
    expect(refused.stderr).toContain("--role: use one of admin, sales");
    expect(await storedHash("boss@erf.co.za")).toBeUndefined();
  });

  it("lists the accounts by email with their role and status", async () => {
    const result = await admin(["list"]);
    expect(result.code).toBe(EXIT.ok);
    const lines = result.stdout.trim().split("\n");
    expect(lines[0]).toBe("EMAIL\tROLE\tSTATUS\tCREATED\tUPDATED");
    expect(lines.slice(1).map((line) => line.split("\t").slice(0, 3))).toEqual([
      ["owner@erf.co.za", "admin", "active"],
      ["piped@erf.co.za", "admin", "active"],
      ["rep@erf.co.za", "sales", "active"],
    ]);
  });

  it("resets a password, which then verifies instead of the old one", async () => {
    const before = await storedHash("owner@erf.co.za");
    const result = await admin(["reset-password", "--email", "owner@erf.co.za"], { password: "the new passphrase!" });
    expect(result.code).toBe(EXIT.ok);
    const after = await storedHash("owner@erf.co.za");
    expect(after).not.toBe(before);
    const hasher = createPasswordHasher();
    expect(await hasher.verify(after!, "the new passphrase!")).toBe(true);
    expect(await hasher.verify(after!, "a long enough passphrase")).toBe(false);
  });

  it("refuses to reset the password of an unknown email with exit 4", async () => {
    const result = await admin(["reset-password", "--email", "nobody@erf.co.za"], { password: "whatever passphrase" });
    expect(result.code).toBe(EXIT.unknownEmail);
    expect(result.stderr).toContain("No admin with email nobody@erf.co.za");
  });

  it("refuses a short password on reset with exit 5, keeping the old hash", async () => {
    const before = await storedHash("owner@erf.co.za");
    expect((await admin(["reset-password", "--email", "owner@erf.co.za"], { password: "short" })).code).toBe(
      EXIT.weakPassword,
    );
    expect(await storedHash("owner@erf.co.za")).toBe(before);
  });

  it("disables and enables an account", async () => {
    const disabled = await admin(["disable", "--email", "Rep@erf.co.za"]);
    expect(disabled).toMatchObject({
      code: EXIT.ok,
      stdout: "Disabled rep@erf.co.za; their sessions were signed out.\n",
    });
    expect((await admin(["list"])).stdout).toMatch(/rep@erf\.co\.za\tsales\tdisabled/);
    expect(await admin(["enable", "--email", "rep@erf.co.za"])).toMatchObject({
      code: EXIT.ok,
      stdout: "Enabled rep@erf.co.za.\n",
    });
  }, 60_000);

  it("never disables the last active admin, nor an unknown account, and takes --role only with create", async () => {
    expect((await admin(["disable", "--email", "piped@erf.co.za"])).code).toBe(EXIT.ok);
    const last = await admin(["disable", "--email", "owner@erf.co.za"]);
    expect(last.code).toBe(EXIT.lastAdmin);
    expect(last.stderr).toContain("owner@erf.co.za is the last active admin");
    expect((await admin(["enable", "--email", "nobody@erf.co.za"])).code).toBe(EXIT.unknownEmail);
    expect((await admin(["disable", "--email", "rep@erf.co.za", "--role", "sales"])).code).toBe(EXIT.usage);
  }, 60_000);

  it("turns off an account's two-factor for a lost phone", async () => {
    const result = await admin(["reset-2fa", "--email", "owner@erf.co.za"]);
    expect(result).toMatchObject({
      code: EXIT.ok,
      stdout: "Two-factor sign-in is off for owner@erf.co.za. They set it up again at their next sign-in.\n",
    });
    expect((await admin(["reset-2fa", "--email", "nobody@erf.co.za"])).code).toBe(EXIT.unknownEmail);
  });

  it("audits account changes as the cli, without passwords", async () => {
    const entries = await auditEntries();
    expect(entries.map(({ actor, action, details }) => ({ actor, action, details }))).toEqual([
      { actor: "cli", action: "admin.create", details: { email: "owner@erf.co.za", role: "admin" } },
      { actor: "cli", action: "admin.create", details: { email: "piped@erf.co.za", role: "admin" } },
      { actor: "cli", action: "admin.create", details: { email: "rep@erf.co.za", role: "sales" } },
      { actor: "cli", action: "admin.reset-password", details: { email: "owner@erf.co.za" } },
      { actor: "cli", action: "staff.disable", details: { email: "rep@erf.co.za" } },
      { actor: "cli", action: "staff.enable", details: { email: "rep@erf.co.za" } },
      { actor: "cli", action: "staff.disable", details: { email: "piped@erf.co.za" } },
      { actor: "cli", action: "staff.two-factor-reset", details: { email: "owner@erf.co.za" } },
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/passphrase/);
  });

  it("purges on demand with RETENTION_DAYS and audits the run", async () => {
    const result = await admin(["purge"], { env: { RETENTION_DAYS: "30" } });
    expect(result).toMatchObject({ code: EXIT.ok, stderr: "" });
    expect(result.stdout).toMatch(
      /^Purged records whose status last changed before .* \(RETENTION_DAYS=30\): 0 closed leads, 0 closed contacts, 0 unsubscribed addresses, 0 consent records\.\n$/,
    );
    expect((await auditEntries()).at(-1)).toMatchObject({
      actor: "cli",
      action: "retention.purge",
      details: { retentionDays: 30, total: 0 },
    });
  });

  it.each([
    [["create", "--email", "x@erf.co.za", "--password", "on the command line"], /not accepted as arguments/],
    [["create"], /--email/],
    [["create", "--email", "not-an-email"], /valid email/],
    [["destroy"], /Usage/],
    [[], /Usage/],
  ])("answers %j with a usage error (exit 2)", async (args, message) => {
    const result = await admin(args, { password: "a long enough passphrase" });
    expect(result.code).toBe(EXIT.usage);
    expect(result.stderr).toMatch(message);
  });
});
