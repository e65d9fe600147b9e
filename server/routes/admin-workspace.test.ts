import { expect, it } from "vitest";
import type { StaffAccount } from "../../src/domain/staff";
import type { WorkspaceSettings } from "../../src/domain/workspace";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock } from "../test-support/app";
import { ADMIN_EMAIL } from "../test-support/admin";
import { auditMark, auditSince } from "../test-support/audit";
import { SECOND_STAFF, seedStaff, staffClient } from "../test-support/workspace";

// The team settings: round-robin on or off (stored in the database, off by default), and who is
// available for it.

describeStorage(
  "workspace settings and staff",
  (open) => {
    const client = () => staffClient(open.db, { clock: manualClock().clock });

    it("stores the assignment mode, off until someone turns it on, audited", async () => {
      const staff = await client();
      expect(await staff.read<WorkspaceSettings>("/api/admin/settings")).toEqual({ assignment: "off" });
      const mark = await auditMark(open.db);
      const response = await staff.write("PUT", "/api/admin/settings", { assignment: "round-robin" });
      expect(await response.json()).toEqual({ assignment: "round-robin" });
      // Another instance (another app on the same database) reads the same.
      expect(await (await client()).read<WorkspaceSettings>("/api/admin/settings")).toEqual({
        assignment: "round-robin",
      });
      await staff.write("PUT", "/api/admin/settings", { assignment: "off" });
      expect(await staff.read<WorkspaceSettings>("/api/admin/settings")).toEqual({ assignment: "off" });
      const changes = (await auditSince(open.db, mark)).filter((entry) => entry.action !== "auth.login");
      expect(changes.map((entry) => [entry.action, entry.actor, entry.details])).toEqual([
        ["settings.update", ADMIN_EMAIL, { assignment: "round-robin" }],
        ["settings.update", ADMIN_EMAIL, { assignment: "off" }],
      ]);
    });

    it.each([
      [{ assignment: "random" }, "assignment"],
      [{}, "assignment"],
      [{ assignment: "off", extra: 1 }, "extra"],
    ])("refuses settings %j with 400 naming %s", async (body, field) => {
      const staff = await client();
      const response = await staff.write("PUT", "/api/admin/settings", body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "validation", fields: { [field]: expect.any(String) } });
      expect(await staff.read<WorkspaceSettings>("/api/admin/settings")).toEqual({ assignment: "off" });
    });

    it("lists every staff account with its availability, and changes it by email in any case, audited", async () => {
      await seedStaff(open.db, SECOND_STAFF);
      const staff = await client();
      // Signed in at the manual clock's start; the second account never was.
      const me: StaffAccount = {
        email: ADMIN_EMAIL,
        name: null,
        role: "admin",
        disabled: false,
        twoFactor: true,
        lastSignInAt: "2025-03-01T10:00:00.000Z",
        available: true,
      };
      const second: StaffAccount = { ...me, email: SECOND_STAFF, lastSignInAt: null };
      expect(await staff.read<StaffAccount[]>("/api/admin/staff")).toEqual([me, second]);
      const mark = await auditMark(open.db);
      const response = await staff.write("PATCH", `/api/admin/staff/${encodeURIComponent("Thabo@ERF.co.za")}`, {
        available: false,
      });
      expect(await response.json()).toEqual({ ...second, available: false });
      expect(await staff.read<StaffAccount[]>("/api/admin/staff")).toEqual([me, { ...second, available: false }]);
      expect((await auditSince(open.db, mark)).map((entry) => [entry.action, entry.details])).toEqual([
        ["staff.available", { email: SECOND_STAFF, available: false }],
      ]);
    });

    it("answers 404 for an email with no account and 400 naming available for anything but a boolean", async () => {
      const staff = await client();
      const unknown = await staff.write("PATCH", "/api/admin/staff/nobody@erf.co.za", { available: false });
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ error: "not-found" });
      const bad = await staff.write("PATCH", `/api/admin/staff/${ADMIN_EMAIL}`, { available: "no" });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ error: "validation", fields: { available: expect.any(String) } });
    });
  },
  { admin: true },
);
