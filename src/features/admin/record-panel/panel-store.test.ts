import { describe, expect, it, vi } from "vitest";
import { AdminApiError, type AdminBackend } from "../../../backend/admin-port";
import type { LeadRecord } from "../../../domain/records";
import type { PersonView, RecordDetail } from "../../../domain/workspace";
import { createPanelStore, FRESH_MS } from "./panel-store";

const lead = (id: string, email: string, status = "new"): LeadRecord =>
  ({
    id,
    type: "demo",
    firstName: "Ama",
    lastName: "Dlamini",
    name: "Ama Dlamini",
    email,
    phone: "082 555 0101",
    companyName: "Dlamini Lettings",
    jobTitle: "Director",
    organizationType: "investor",
    propertyCount: "11-50",
    message: null,
    challenges: "Late rent",
    marketingOptIn: null,
    termsAcceptedAt: null,
    sourcePath: "/request-demo",
    status,
    owner: null,
    firstResponseAt: null,
    botCheck: "missing",
    createdAt: "2026-11-23T08:00:00.000Z",
  }) as LeadRecord;

const detail = (record: LeadRecord, personId: string): RecordDetail =>
  ({ ...record, personId, phoneE164: "+27825550101", consent: null }) as RecordDetail;
const view = (personId: string, email: string, recordIds: string[]): PersonView => ({
  person: {
    id: personId,
    email,
    records: recordIds.map((id) => ({
      collection: "leads",
      id,
      type: "demo",
      status: "new",
      createdAt: "2026-11-23T08:00:00.000Z",
    })),
  },
  timeline: [],
});

/** A back end whose answers the test gives, one read at a time, in any order. */
function fakeBackend() {
  const pending: { what: string; resolve: (value: unknown) => void; reject: (error: unknown) => void }[] = [];
  const ask = (what: string) => new Promise((resolve, reject) => pending.push({ what, resolve, reject }));
  const backend = {
    record: vi.fn((collection: string, id: string) => ask(`record ${collection}/${id}`)),
    person: vi.fn((personId: string) => ask(`person ${personId}`)),
  };
  const take = (what: string, last: boolean) => {
    const matching = pending.map((read, index) => (read.what === what ? index : -1)).filter((index) => index >= 0);
    const index = (last ? matching.at(-1) : matching[0]) ?? -1;
    if (index < 0)
      throw new Error(`no read of ${what} under way; under way: ${pending.map((read) => read.what).join(", ")}`);
    return pending.splice(index, 1)[0]!;
  };
  return {
    backend: backend as unknown as AdminBackend,
    calls: backend,
    /** Answers the oldest read of `what` under way (`last`: the newest). */
    answer: async (what: string, value: unknown, { last = false } = {}) => {
      take(what, last).resolve(value);
      await new Promise((resolve) => setTimeout(resolve));
    },
    fail: async (what: string, error: unknown) => {
      take(what, false).reject(error);
      await new Promise((resolve) => setTimeout(resolve));
    },
    underWay: () => pending.map((read) => read.what),
  };
}

const A = { collection: "leads" as const, id: "a" };
const B = { collection: "leads" as const, id: "b" };

describe("the record panel's store", () => {
  it("reads a record and then its person ahead, and shows both without reading again while fresh", async () => {
    let now = 1_000;
    const fake = fakeBackend();
    const store = createPanelStore(fake.backend, () => now);
    const prefetched = store.prefetch(A);
    expect(fake.underWay()).toEqual(["record leads/a"]);
    await fake.answer("record leads/a", detail(lead("a", "ama@example.co.za"), "p1"));
    expect(fake.underWay()).toEqual(["person p1"]);
    await fake.answer("person p1", view("p1", "ama@example.co.za", ["a"]));
    await prefetched;
    expect(store.record(A)).toMatchObject({ status: "ready", value: { id: "a", personId: "p1" } });
    expect(store.person("p1")?.value?.person.records.map((record) => record.id)).toEqual(["a"]);

    // Opening it now reads nothing; once the copy is old, it is read again behind it.
    await store.prefetch(A);
    expect(fake.underWay()).toEqual([]);
    now += FRESH_MS;
    void store.readRecord(A);
    expect(fake.underWay()).toEqual(["record leads/a"]);
    expect(store.record(A)?.value?.id).toBe("a");
  });

  it("reads a record and its person in one read where the back end has one, and a missing record as missing", async () => {
    const fake = fakeBackend();
    const both = vi.fn(
      (collection: string, id: string) =>
        new Promise((resolve, reject) => pendingBoth.push({ id: `${collection}/${id}`, resolve, reject })),
    );
    const pendingBoth: { id: string; resolve: (value: unknown) => void; reject: (error: unknown) => void }[] = [];
    const store = createPanelStore({ ...fake.backend, recordWithPerson: both } as unknown as AdminBackend, () => 1_000);
    const prefetched = store.prefetch(A);
    expect(both).toHaveBeenCalledTimes(1);
    expect(fake.underWay()).toEqual([]);
    pendingBoth
      .shift()!
      .resolve({ ...detail(lead("a", "ama@example.co.za"), "p1"), person: view("p1", "ama@example.co.za", ["a"]) });
    await prefetched;
    expect(store.record(A)).toMatchObject({ status: "ready", value: { id: "a", personId: "p1" } });
    expect(store.record(A)?.value).not.toHaveProperty("person");
    expect(store.person("p1")).toMatchObject({ status: "ready", value: { person: { id: "p1" } } });
    // Nothing more is read: both are fresh.
    await store.prefetch(A);
    expect(both).toHaveBeenCalledTimes(1);
    expect(fake.underWay()).toEqual([]);

    const missing = store.prefetch(B);
    pendingBoth.shift()!.reject(new AdminApiError(404, "not-found", "No such record"));
    await missing;
    expect(store.record(B)?.status).toBe("missing");
    expect(fake.underWay()).toEqual([]);
  });

  it("shares one read among those who ask at once; a forced read wins over an older one answered after it", async () => {
    const fake = fakeBackend();
    const store = createPanelStore(fake.backend, () => 1_000);
    void store.readRecord(A);
    void store.readRecord(A);
    expect(fake.calls.record).toHaveBeenCalledTimes(1);
    void store.readRecord(A, true);
    expect(fake.calls.record).toHaveBeenCalledTimes(2);
    // The forced read answers first; the earlier read's older copy, answered after it, must not replace it.
    await fake.answer("record leads/a", detail(lead("a", "ama@example.co.za", "contacted"), "p1"), { last: true });
    expect(store.record(A)?.value?.status).toBe("contacted");
    await fake.answer("record leads/a", detail(lead("a", "ama@example.co.za", "new"), "p1"));
    expect(store.record(A)?.value?.status).toBe("contacted");
  });

  it("ignores a read started before a newer copy was merged in (a save)", async () => {
    const fake = fakeBackend();
    const store = createPanelStore(fake.backend, () => 1_000);
    void store.readRecord(A);
    await fake.answer("record leads/a", detail(lead("a", "ama@example.co.za", "new"), "p1"));
    void store.readRecord(A, true);
    store.applyRecord("leads", lead("a", "ama@example.co.za", "qualified"));
    expect(store.record(A)?.value).toMatchObject({ status: "qualified", personId: "p1", phoneE164: "+27825550101" });
    await fake.answer("record leads/a", detail(lead("a", "ama@example.co.za", "new"), "p1"));
    expect(store.record(A)?.value?.status).toBe("qualified");
  });

  it("says missing for a 404 and failed for anything else, keeping the copy it had", async () => {
    const fake = fakeBackend();
    const store = createPanelStore(fake.backend, () => 1_000);
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    void store.readRecord(A);
    await fake.fail("record leads/a", new AdminApiError(404, "not-found", "No record"));
    expect(store.record(A)).toMatchObject({ status: "missing", value: null });

    void store.readRecord(B);
    await fake.answer("record leads/b", detail(lead("b", "bo@example.co.za"), "p2"));
    void store.readRecord(B, true);
    await fake.fail("record leads/b", new Error("offline"));
    expect(store.record(B)).toMatchObject({ status: "failed", value: { id: "b" } });
    // A failed copy is not fresh: the next look reads again.
    void store.readRecord(B);
    expect(fake.underWay()).toEqual(["record leads/b"]);
    quiet.mockRestore();
  });

  it("merges a live change into the record's copy and reads that person's timeline again before showing it", async () => {
    const fake = fakeBackend();
    const store = createPanelStore(fake.backend, () => 1_000);
    const seen = vi.fn();
    const unsubscribe = store.subscribe(seen);
    for (const [target, email, personId] of [
      [A, "ama@example.co.za", "p1"],
      [B, "bo@example.co.za", "p2"],
    ] as const) {
      const done = store.prefetch(target);
      await fake.answer(`record leads/${target.id}`, detail(lead(target.id, email), personId));
      await fake.answer(`person ${personId}`, view(personId, email, [target.id]));
      await done;
    }
    seen.mockClear();

    const settle = () => new Promise((resolve) => setTimeout(resolve));
    // A new submission from Ama (another record, her email written differently): her timeline is read
    // again before it is shown; Bo's is not, nor the records, whose copies are fresh.
    store.onLive({ position: "1", collection: "leads", op: "insert", record: lead("c", " AMA@example.co.za") });
    expect(seen).toHaveBeenCalled();
    void store.prefetch(B);
    await settle();
    expect(fake.underWay()).toEqual([]);
    // A change to Bo's record: its copy takes it at once, and his timeline is read again too.
    store.onLive({
      position: "2",
      collection: "leads",
      op: "update",
      record: lead("b", "bo@example.co.za", "contacted"),
    });
    expect(store.record(B)?.value).toMatchObject({ status: "contacted", personId: "p2" });
    void store.prefetch(A);
    void store.prefetch(B);
    await settle();
    expect(fake.underWay()).toEqual(["person p1", "person p2"]);
    unsubscribe();
    seen.mockClear();
    await fake.answer("person p1", view("p1", "ama@example.co.za", ["a", "c"]));
    expect(seen).not.toHaveBeenCalled();
    expect(store.person("p1")?.value?.person.records).toHaveLength(2);
  });

  it("keeps nothing of a collection whose records were erased, nor any timeline", async () => {
    const fake = fakeBackend();
    const store = createPanelStore(fake.backend, () => 1_000);
    const done = store.prefetch(A);
    await fake.answer("record leads/a", detail(lead("a", "ama@example.co.za"), "p1"));
    await fake.answer("person p1", view("p1", "ama@example.co.za", ["a"]));
    await done;
    const contact = { collection: "contacts" as const, id: "k" };
    void store.readRecord(contact);
    await fake.answer("record contacts/k", { id: "k" });

    store.onLive({ position: "3", collection: "leads", op: "reload" });
    expect(store.record(A)).toBeUndefined();
    expect(store.person("p1")).toBeUndefined();
    expect(store.record(contact)?.status).toBe("ready");
  });
});
