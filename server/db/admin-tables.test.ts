import { expect, it } from "vitest";
import { createLoginThrottle } from "../auth/login-throttle";
import { createSessionStore, SESSION_IDLE_MS } from "../auth/sessions";
import { runMaintenance, STAFF_LINK_RETENTION_MS } from "../maintenance";
import { createLogger } from "../logger";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock } from "../test-support/app";
import { seedAdmin } from "../test-support/admin";
import { DuplicateAdminError, insertAdmin, setAdminPassword } from "./admins";
import { recordChange } from "./changes";
import { hitRateLimit } from "./rate-limits";

const DAY = 24 * 60 * 60 * 1000;

describeStorage("admin tables", (open) => {
  it("keeps emails unique whatever their case", async () => {
    await insertAdmin(open.db, "Owner@Erf.co.za", "hash", new Date());
    await expect(insertAdmin(open.db, "owner@ERF.co.za", "hash", new Date())).rejects.toThrow(DuplicateAdminError);
  });

  it("signs an account out everywhere when its password is reset", async () => {
    const admin = await seedAdmin(open.db);
    const sessions = createSessionStore(open.db, () => new Date());
    const { token } = await sessions.start(admin.id);
    expect(await setAdminPassword(open.db, admin.email, "new-hash", new Date())).toBe(true);
    expect(await sessions.resolve(token)).toBeNull();
    expect(await setAdminPassword(open.db, "nobody@erf.co.za", "new-hash", new Date())).toBe(false);
  });

  it("prunes changes older than 7 days, expired sessions, finished lockout windows and form-limit windows", async () => {
    const time = manualClock("2025-03-01T00:00:00.000Z");
    const admin = await seedAdmin(open.db);
    const sessions = createSessionStore(open.db, time.clock);
    const throttle = createLoginThrottle(open.db, time.clock, 10);
    const logChange = (recordId: string) =>
      open.db
        .transaction()
        .execute((trx) =>
          recordChange(trx, { collection: "leads", recordId, op: "insert", createdAt: time.clock().toISOString() }),
        );
    await logChange("old");
    await sessions.start(admin.id);
    await throttle.reserve({ email: "someone@erf.co.za", ip: "192.0.2.1", device: null });
    await hitRateLimit(open.db, "192.0.2.1", time.clock().toISOString(), "2025-02-28T23:59:00.000Z");

    time.advance(7 * DAY - 1);
    const kept = await sessions.start(admin.id);
    await logChange("new");
    time.advance(2);
    await runMaintenance({ db: open.db, sessions, throttle, logger: createLogger("silent"), now: time.clock });

    expect(await open.db.selectFrom("changes").select("recordId").execute()).toEqual([{ recordId: "new" }]);
    expect(await open.db.selectFrom("loginThrottle").selectAll().execute()).toEqual([]);
    expect(await open.db.selectFrom("rateLimits").selectAll().execute()).toEqual([]);
    expect(await sessions.resolve(kept.token)).not.toBeNull();
    expect(await open.db.selectFrom("sessions").selectAll().execute()).toHaveLength(1);
    expect(SESSION_IDLE_MS).toBe(12 * 60 * 60 * 1000);
  });

  it("deletes invitations and reset links 30 days after they expired or were used, and keeps the rest", async () => {
    const time = manualClock("2025-03-01T00:00:00.000Z");
    const admin = await seedAdmin(open.db);
    const link = (id: string, createdAt: string, expiresAt: string) => ({
      id,
      tokenHash: `hash-${id}`,
      createdAt,
      expiresAt,
    });
    await open.db
      .insertInto("staffInvitations")
      .values([
        {
          ...link("i-expired", "2025-01-01T00:00:00.000Z", "2025-01-04T00:00:00.000Z"),
          email: "a@erf.co.za",
          role: "sales",
          invitedBy: admin.email,
          acceptedAt: null,
        },
        {
          ...link("i-accepted", "2025-01-01T00:00:00.000Z", "2025-01-04T00:00:00.000Z"),
          email: "b@erf.co.za",
          role: "sales",
          invitedBy: admin.email,
          acceptedAt: "2025-01-02T00:00:00.000Z",
        },
        {
          ...link("i-recent", "2025-02-20T00:00:00.000Z", "2025-02-23T00:00:00.000Z"),
          email: "c@erf.co.za",
          role: "sales",
          invitedBy: admin.email,
          acceptedAt: null,
        },
      ])
      .execute();
    await open.db
      .insertInto("passwordResets")
      .values([
        { ...link("r-old", "2025-01-01T00:00:00.000Z", "2025-01-01T00:30:00.000Z"), adminId: admin.id, usedAt: null },
        {
          ...link("r-recent", "2025-02-28T00:00:00.000Z", "2025-02-28T00:30:00.000Z"),
          adminId: admin.id,
          usedAt: null,
        },
      ])
      .execute();
    const sessions = createSessionStore(open.db, time.clock);
    await runMaintenance({
      db: open.db,
      sessions,
      throttle: createLoginThrottle(open.db, time.clock, 10),
      logger: createLogger("silent"),
      now: time.clock,
    });
    expect(STAFF_LINK_RETENTION_MS).toBe(30 * DAY);
    expect((await open.db.selectFrom("staffInvitations").select("id").execute()).map((row) => row.id)).toEqual([
      "i-recent",
    ]);
    expect((await open.db.selectFrom("passwordResets").select("id").execute()).map((row) => row.id)).toEqual([
      "r-recent",
    ]);
  });
});
