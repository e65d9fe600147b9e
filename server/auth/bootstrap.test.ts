import { expect, it } from "vitest";
import { findAdminByEmail, listAdmins } from "../db/store";
import { createLogger } from "../logger";
import { describeStorage } from "../test-support/storage-suite";
import { fastHasher, seedAdmin } from "../test-support/admin";
import { auditMark, auditSince } from "../test-support/audit";
import { derivePrivacyKeys } from "../privacy/keys";
import { TEST_APP_SECRET, TEST_TOTP_SECRET } from "../test-support/secrets";
import { ensureFirstAdmin } from "./bootstrap";
import { openSecret } from "./secret-box";

describeStorage("first admin at start-up", (open) => {
  const run = (
    adminEmail: string | null,
    adminPassword: string | null,
    twoFactor: { secret: string; key: Buffer } | null = null,
  ) => {
    const lines: string[] = [];
    const logger = createLogger("info", (line) => lines.push(line));
    const clock = () => new Date("2025-01-01T00:00:00.000Z");
    return ensureFirstAdmin(open.db, { adminEmail, adminPassword, twoFactor, hasher: fastHasher, clock, logger }).then(
      (outcome) => ({
        outcome,
        logs: lines.map((line) => JSON.parse(line) as { msg: string; message?: string }),
      }),
    );
  };

  it("creates the account from ADMIN_EMAIL and ADMIN_PASSWORD when there is none, and audits it", async () => {
    const mark = await auditMark(open.db);
    const { outcome } = await run("owner@erf.co.za", "a long enough passphrase");
    expect(outcome).toBe("created");
    const admin = await findAdminByEmail(open.db, "owner@erf.co.za");
    expect(await fastHasher.verify(admin!.passwordHash, "a long enough passphrase")).toBe(true);
    const entries = await auditSince(open.db, mark);
    expect(entries).toMatchObject([
      {
        actor: "system",
        action: "admin.create",
        details: { email: "owner@erf.co.za", role: "admin", source: "ADMIN_EMAIL" },
      },
    ]);
    expect(admin).toMatchObject({ role: "admin", totpSecret: null, disabledAt: null });
    expect(JSON.stringify(entries)).not.toContain("passphrase");
  });

  it("turns two-factor on for that admin with ADMIN_TOTP_SECRET, sealed at rest", async () => {
    const key = derivePrivacyKeys(TEST_APP_SECRET).twoFactorSecret;
    const mark = await auditMark(open.db);
    expect((await run("owner@erf.co.za", "a long enough passphrase", { secret: TEST_TOTP_SECRET, key })).outcome).toBe(
      "created",
    );
    const admin = await findAdminByEmail(open.db, "owner@erf.co.za");
    expect(admin!.totpSecret).not.toContain(TEST_TOTP_SECRET);
    expect(openSecret(key, admin!.id, admin!.totpSecret!)).toBe(TEST_TOTP_SECRET);
    expect(await auditSince(open.db, mark)).toMatchObject([{ action: "admin.create", details: { twoFactor: true } }]);
  });

  it("logs one line saying how to create an admin when the variables are not set", async () => {
    const { outcome, logs } = await run(null, null);
    expect(outcome).toBe("missing");
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      msg: "no-admin",
      message: expect.stringContaining("npm run admin -- create --email"),
    });
    expect(await listAdmins(open.db)).toEqual([]);
  });

  it("refuses a short ADMIN_PASSWORD with a logged error", async () => {
    const { outcome, logs } = await run("owner@erf.co.za", "too short");
    expect(outcome).toBe("weak-password");
    expect(logs[0]?.msg).toBe("admin-bootstrap-failed");
    expect(await listAdmins(open.db)).toEqual([]);
  });

  it("leaves existing accounts alone, even when the variables name another password", async () => {
    await seedAdmin(open.db, "owner@erf.co.za", "the current passphrase");
    const { outcome } = await run("owner@erf.co.za", "an old leaked passphrase");
    expect(outcome).toBe("exists");
    const admin = await findAdminByEmail(open.db, "owner@erf.co.za");
    expect(await fastHasher.verify(admin!.passwordHash, "the current passphrase")).toBe(true);
  });
});
