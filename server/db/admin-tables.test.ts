import { expect, it } from "vitest";
import { createLoginThrottle } from "../auth/login-throttle";
import { createSessionStore, SESSION_IDLE_MS } from "../auth/sessions";
import { runMaintenance } from "../maintenance";
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
        .execute((trx) => recordChange(trx, { collection: "leads", recordId, op: "insert", createdAt: time.clock().toISOString() }));
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
});
