import { readdirSync, readFileSync } from "node:fs";
import { getPriority } from "node:os";
import { afterAll, beforeAll, expect, it } from "vitest";
import { COLLECTIONS } from "../../src/domain/status";
import { describeStorage } from "../test-support/storage-suite";
import { minute, seedContact, seedLead, seedSubscriber } from "../test-support/records";
import { csvChunks, EXPORT_PAGE_SIZE, type CsvChunk, type ExportPart } from "./csv-chunks";
import { startCsvThread, WORKER_NICENESS, type CsvThread } from "./csv-thread";

const ALL: ExportPart[] = COLLECTIONS.map((collection) => ({ collection, filters: {} }));
const SUBSCRIBERS = EXPORT_PAGE_SIZE * 2 + 17;

async function drain(chunks: AsyncIterator<CsvChunk, void>): Promise<{ text: string; rows: number; pieces: number }> {
  let text = "";
  let rows = 0;
  let pieces = 0;
  for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
    text += next.value.text;
    rows += next.value.rows;
    pieces += 1;
  }
  return { text, rows, pieces };
}

describeStorage(
  "the CSV export's worker thread",
  (open) => {
    let thread: CsvThread;
    let expected: { text: string; rows: number; pieces: number };
    beforeAll(async () => {
      await seedLead(open.db, "l-1", minute(1));
      await seedContact(open.db, "c-1", minute(2), { message: 'Quotes "here", a comma, and\na line break' });
      await open.db.transaction().execute(async (trx) => {
        for (let index = 0; index < SUBSCRIBERS; index += 1)
          await seedSubscriber(trx, `n-${index}`, minute(3 + index), `r${index}@example.com`);
      });
      expected = await drain(csvChunks(open.db, ALL));
      thread = startCsvThread({ url: open.url, ...(open.schema && { searchPath: open.schema }) });
    });
    afterAll(async () => {
      await thread.close();
    });

    it("sends the same chunks as a read on the server's thread", async () => {
      // The header, the lead, the contact, then the subscribers a page at a time.
      expect(expected).toMatchObject({
        rows: 2 + SUBSCRIBERS,
        pieces: 1 + 2 + Math.ceil(SUBSCRIBERS / EXPORT_PAGE_SIZE),
      });
      expect(await drain(thread.source(ALL))).toEqual(expected);
    });

    it("serves several exports at once, each whole and in order", async () => {
      const results = await Promise.all([
        drain(thread.source(ALL)),
        drain(thread.source(ALL)),
        drain(thread.source(ALL)),
      ]);
      for (const result of results) expect(result).toEqual(expected);
    });

    it("goes on serving after an export stopped early", async () => {
      const stopped = thread.source(ALL);
      expect((await stopped.next()).done).toBe(false);
      await stopped.return?.();
      expect(await stopped.next()).toEqual({ done: true, value: undefined });
      expect(await drain(thread.source(ALL))).toEqual(expected);
    });

    it("fails an export whose read fails, with the database's error, and serves the next one", async () => {
      const failing = thread.source([{ collection: "newsletter", filters: { status: "subscribed" } }]);
      await open.db.schema.alterTable("newsletter").renameTo("newsletter_away").execute();
      try {
        expect((await failing.next()).value?.rows).toBe(0);
        await expect(failing.next()).rejects.toThrow(/newsletter/);
      } finally {
        await open.db.schema.alterTable("newsletter_away").renameTo("newsletter").execute();
      }
      expect(await drain(thread.source(ALL))).toEqual(expected);
    });

    it.runIf(process.platform === "linux")(
      "runs its worker at a lower CPU priority than the server's thread (Linux)",
      async () => {
        const niceValues = () =>
          readdirSync("/proc/self/task").map((tid) => {
            // Field 19 of a task's stat, counted after the command name (which is in parentheses).
            const fields = readFileSync(`/proc/self/task/${tid}/stat`, "utf8").split(") ")[1]!.split(" ");
            return Number(fields[16]);
          });
        const own = startCsvThread({ url: open.url, ...(open.schema && { searchPath: open.schema }) });
        try {
          const chunks = own.source(ALL);
          expect((await chunks.next()).done).toBe(false);
          // Relative to the server's own priority, so the check holds when the test run itself is niced.
          expect(niceValues()).toContain(Math.min(19, getPriority() + WORKER_NICENESS));
          await chunks.return?.();
        } finally {
          await own.close();
        }
      },
    );

    it("retires its worker once no export has been open for a while, and starts another for the next", async () => {
      const own = startCsvThread({ url: open.url, ...(open.schema && { searchPath: open.schema }) }, { idleMs: 50 });
      try {
        expect(own.running).toBe(false);
        const first = own.source(ALL);
        expect(own.running).toBe(true);
        expect(await drain(first)).toEqual(expected);
        await expect.poll(() => own.running, { timeout: 5_000 }).toBe(false);
        expect(await drain(own.source(ALL))).toEqual(expected);
      } finally {
        await own.close();
      }
    });

    it("keeps its worker while an export is open, however long it waits between chunks", async () => {
      const own = startCsvThread({ url: open.url, ...(open.schema && { searchPath: open.schema }) }, { idleMs: 50 });
      try {
        const slow = own.source(ALL);
        expect((await slow.next()).done).toBe(false);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(own.running).toBe(true);
        const rest = await drain(slow);
        expect(rest.rows).toBe(expected.rows);
      } finally {
        await own.close();
      }
    });

    it("fails the exports under way when it is closed, and refuses new ones", async () => {
      const own = startCsvThread({ url: open.url, ...(open.schema && { searchPath: open.schema }) });
      const underWay = own.source(ALL);
      expect((await underWay.next()).done).toBe(false);
      await own.close();
      await expect(underWay.next()).rejects.toThrow(/stopped|No open export/);
      expect(() => own.source(ALL)).toThrow(/closed/);
    });
  },
  { clear: "once" },
);
