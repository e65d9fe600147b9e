import { expect, it, vi } from "vitest";
import { contactInput } from "../../src/domain/schemas";
import { contactRow } from "./contacts";
import { SubmissionWriter, type GroupStep, type SubmissionWrite } from "./submissions";
import { describeStorage } from "../test-support/storage-suite";
import { validContact } from "../test-support/app";

// The group's assign step (round-robin): it sees the group's new rows before they are inserted, its
// changes to them are stored, mail it queued wakes the sender after the commit; and while it reports a
// lock that every assigning group takes, the writer keeps one group in flight (PostgreSQL runs up to
// four otherwise), since a second would only wait at the lock.

describeStorage("the group's assign step", (database) => {
  const now = new Date("2025-06-01T12:00:00.000Z");
  const data = contactInput.parse(validContact);
  const appendContact =
    (id: string): SubmissionWrite =>
    async (_trx, rows) => {
      rows.add("contacts", contactRow({ id, data, botCheck: "skipped", createdAt: now.toISOString() }));
      return { response: { status: 201, body: "{}" }, change: null };
    };
  let made = 0;
  const storeAll = (writer: SubmissionWriter, count: number) =>
    Promise.all(
      Array.from({ length: count }, () => writer.store({ idempotency: null, now }, appendContact(`c-${made++}`))),
    );

  it("sees the group's rows before they are inserted, and what it sets on them is stored; its mail wakes the sender after the commit", async () => {
    const seen: string[][] = [];
    let woken = 0;
    const assign: GroupStep = async (_trx, rows) => {
      const contacts = rows.rowsOf("contacts");
      seen.push(contacts.map((row) => row.id));
      for (const row of contacts) row.owner = "staff@erf.co.za";
      return { serialized: false, queuedMail: true };
    };
    const writer = new SubmissionWriter(database.db, { assign, onMailQueued: () => (woken += 1) });
    made = 0;
    await storeAll(writer, 5);
    expect(seen.flat().sort()).toEqual(["c-0", "c-1", "c-2", "c-3", "c-4"]);
    expect(woken).toBe(writer.commits);
    expect(await database.db.selectFrom("contacts").select("owner").distinct().execute()).toEqual([
      { owner: "staff@erf.co.za" },
    ]);
  });

  // SQLite's one connection runs one transaction at a time whatever the writer does.
  if (database.name === "postgres") {
    it.each([
      [false, 4],
      [true, 1],
    ])(
      "runs groups side by side unless the step reports the lock (serialized: %s, at most %i at once)",
      async (serialized, most) => {
        let running = 0;
        let peak = 0;
        // Each step waits at a gate until the test has seen how many run at once: no sleeps to race.
        let open = () => {};
        let gate = Promise.resolve();
        const assign: GroupStep = async () => {
          running += 1;
          peak = Math.max(peak, running);
          await gate;
          running -= 1;
          return { serialized, queuedMail: false };
        };
        const writer = new SubmissionWriter(database.db, { assign, maxGroup: 1 });
        // The first group tells the writer; what follows shows the limit.
        await storeAll(writer, 1);
        peak = 0;
        gate = new Promise<void>((resolve) => (open = resolve));
        const stored = storeAll(writer, 12);
        await vi.waitFor(() => expect(running).toBe(most), { timeout: 10_000 });
        // Time for one more group to start if the writer would let it.
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(running).toBe(most);
        open();
        await stored;
        expect(peak).toBe(most);
      },
    );
  }
});
