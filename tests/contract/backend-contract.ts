import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_WORDING } from "../../src/domain/consent";
import { CSV_COLUMNS } from "../../src/domain/csv-columns";
import type { ContactInput, DemoInput, SignupInput } from "../../src/domain/schemas";
import { sampleContact, sampleSignup } from "../support/sample-forms";
import { ISO, key, type ContractSubject } from "./contract-subject";
import { workspaceContract } from "./workspace-contract";

// The back-end port's behaviour, written once and run against every adapter: the http adapter on the
// real server (tests/contract/http-adapter.test.ts, in `npm test`) and the Firebase adapter on the
// Firestore and Auth emulators (tests/contract/firebase-adapter.test.ts, in `npm run test:rules`).
// Tests run in order and build on each other's records, as one visitor and one staff member would; the
// lead workspace's cases are in workspace-contract.ts.

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const contact: ContactInput = { ...sampleContact, website: "" };
const signup: SignupInput = { ...sampleSignup, website: "" };
const demo: DemoInput = {
  type: "demo",
  firstName: "Amina",
  lastName: "Okafor",
  email: "amina@example.ng",
  phone: "021 555 0100",
  companyName: "=Formula Estates",
  jobTitle: "Director",
  organizationType: "investor",
  propertyCount: "51-200",
  challenges: "Arrears tracking",
  website: "",
};

export function backendContract(name: string, setup: () => Promise<ContractSubject>) {
  describe(`back-end contract: ${name}`, () => {
    let subject: ContractSubject;
    const ids: Record<string, string> = {};
    /** Person ids by first name, as the record panel gives them. */
    const person: Record<string, string> = {};

    beforeAll(async () => {
      subject = await setup();
    });
    afterAll(async () => {
      await subject?.close();
    });

    describe("public forms", () => {
      it("stores a contact message and answers with its id", async () => {
        const result = await subject.public.submitContact(contact, key());
        expect(result).toMatchObject({ ok: true, id: expect.any(String) });
        if (result.ok) ids.contact = result.id;
      });

      it("answers invalid input with the field errors and stores nothing", async () => {
        const result = await subject.public.submitContact({ ...contact, message: "  ", email: "nope" }, key());
        expect(result.ok).toBe(false);
        if (!result.ok && result.reason === "validation")
          expect(Object.keys(result.fields).sort()).toEqual(["email", "message"]);
        else throw new Error(`expected a validation failure, got ${JSON.stringify(result)}`);
      });

      it("stores a signup and then a demo request", async () => {
        const first = await subject.public.submitLead({ ...signup, recaptchaToken: "signup-token" }, key());
        expect(first).toMatchObject({ ok: true });
        // Distinct creation times, so newest-first order is the submission order reversed.
        await pause(30);
        const second = await subject.public.submitLead(demo, key());
        expect(second).toMatchObject({ ok: true });
        if (first.ok && second.ok) Object.assign(ids, { signup: first.id, demo: second.id });
      });

      it("keeps one subscription per address, whatever the case of the email", async () => {
        const consent = { consentVersion: CONSENT_WORDING.newsletter.version, sourcePath: "/" };
        const first = await subject.public.subscribe({ email: "reader@example.com", website: "", ...consent }, key());
        const again = await subject.public.subscribe({ email: "Reader@Example.COM", website: "" }, key());
        expect(first).toMatchObject({ ok: true, id: expect.any(String) });
        // The same answer as for a new address (the Erf server gives each its own id, naming no earlier row).
        expect(again).toMatchObject({ ok: true, id: expect.any(String) });
        if (first.ok) ids.newsletter = first.id;
      });

      it("answers a bot that filled the hidden field as if it were a person, and stores nothing", async () => {
        expect(
          await subject.public.submitContact(
            { ...contact, email: "bot@example.com", website: "https://spam.example" },
            key(),
          ),
        ).toMatchObject({ ok: true });
      });

      it("never stores one attempt twice: the same key again adds no record", async () => {
        const attempt = key();
        const input = { ...contact, email: "twice@example.com" };
        expect(await subject.public.submitContact(input, attempt)).toMatchObject({ ok: true });
        // The http server replays its first answer; Firestore refuses a second create of the same document.
        await subject.public.submitContact(input, attempt);
        await pause(30);
      });
    });

    describe("staff", () => {
      it("is signed out at first, and refuses a wrong password with an invalid-credential code", async () => {
        expect(await subject.admin.currentUser()).toBeNull();
        const result = await subject.admin.signIn(subject.staff.email, "not the password at all");
        expect(result).toMatchObject({
          ok: false,
          code: expect.stringMatching(/invalid-credential$/),
          message: expect.any(String),
        });
        expect(await subject.admin.currentUser()).toBeNull();
      });

      it("signs in the staff account, an admin, and currentUser() says the same", async () => {
        const { email, password, code } = subject.staff;
        let result = await subject.admin.signIn(email, password);
        if (!result.ok && code) {
          expect(result).toMatchObject({ code: "two-factor-required" });
          result = await subject.admin.signIn(email, password, await code());
        }
        expect(result).toMatchObject({ ok: true, user: { email, role: "admin" } });
        expect(await subject.admin.currentUser()).toEqual(result.ok ? result.user : null);
      });

      it("counts what was stored: no bot, no duplicate", async () => {
        expect(await subject.admin.stats()).toEqual({
          totalLeads: 2,
          newLeads: 2,
          signups: 1,
          demoRequests: 1,
          newsletter: 1,
          tabs: { leads: 2, contacts: 2, newsletter: 1 },
          medianFirstResponseMs: null,
        });
      });

      it("counts the Insights per day and kind, and leads by organisation, as stored", async () => {
        // Yesterday too, should the records have arrived just before midnight (UTC).
        const today = new Date();
        const yesterday = new Date(today.getTime() - 86_400_000);
        const insights = await subject.admin.insights({
          from: yesterday.toISOString().slice(0, 10),
          to: today.toISOString().slice(0, 10),
        });
        const sum = (kind: "signup" | "demo" | "contact" | "newsletter") =>
          insights.perDay.reduce((total, day) => total + day[kind], 0);
        expect(insights.perDay).toHaveLength(2);
        expect({
          signup: sum("signup"),
          demo: sum("demo"),
          contact: sum("contact"),
          newsletter: sum("newsletter"),
        }).toEqual({ signup: 1, demo: 1, contact: 2, newsletter: 1 });
        expect(insights.previousTotal).toBe(0);
        const pairs = [
          { organizationType: signup.organizationType, propertyCount: signup.propertyCount, count: 1 },
          { organizationType: demo.organizationType, propertyCount: demo.propertyCount, count: 1 },
        ];
        expect(insights.organizations).toEqual(expect.arrayContaining(pairs));
        expect(insights.organizations).toHaveLength(2);
        // Sources and medians: the Erf server works them out; Firestore's counts cannot, and say so.
        if (insights.unavailable)
          expect(insights.unavailable).toEqual(["bySource", "funnel", "responseByWeek", "responseByOwner"]);
        else expect(insights.bySource.reduce((total, row) => total + row.count, 0)).toBe(5);
        // With an owner filter the newsletter is left out: nobody owns these yet.
        const mine = await subject.admin.insights({
          from: yesterday.toISOString().slice(0, 10),
          to: today.toISOString().slice(0, 10),
          owner: "none",
        });
        expect(mine.perDay.reduce((total, day) => total + day.newsletter, 0)).toBe(0);
      });

      it("lists leads newest first with the spec's read fields", async () => {
        const page = await subject.admin.list("leads", {});
        expect(page.nextCursor).toBeNull();
        expect(page.items.map((lead) => lead.id)).toEqual([ids.demo, ids.signup]);
        const [demoRecord, signupRecord] = page.items;
        expect(demoRecord).toMatchObject({
          type: "demo",
          name: "Amina Okafor",
          firstName: "Amina",
          lastName: "Okafor",
          email: "amina@example.ng",
          phone: "021 555 0100",
          companyName: "=Formula Estates",
          organizationType: "investor",
          propertyCount: "51-200",
          challenges: "Arrears tracking",
          status: "new",
          marketingOptIn: null,
          termsAcceptedAt: null,
        });
        expect(signupRecord).toMatchObject({
          type: "signup",
          name: "Pieter van Wyk",
          marketingOptIn: true,
          challenges: null,
          status: "new",
        });
        expect(signupRecord?.termsAcceptedAt).toMatch(ISO);
        expect(Date.now() - Date.parse(demoRecord!.createdAt)).toBeLessThan(5 * 60_000);
      });

      it("lists contacts with an empty phone and a missing company as null", async () => {
        const { items } = await subject.admin.list("contacts", {});
        const stored = items.find((item) => item.id === ids.contact);
        expect(stored).toMatchObject({
          firstName: "Naledi",
          email: "naledi@example.co.za",
          phone: null,
          companyName: null,
          type: "contact",
          status: "new",
        });
        expect(stored?.createdAt).toMatch(ISO);
        expect(items.some((item) => item.email === "bot@example.com")).toBe(false);
      });

      it("pages with an opaque cursor, the last page without one", async () => {
        const first = await subject.admin.list("leads", { limit: 1 });
        expect(first.items.map((lead) => lead.id)).toEqual([ids.demo]);
        expect(first.nextCursor).toEqual(expect.any(String));
        const second = await subject.admin.list("leads", { limit: 1, cursor: first.nextCursor });
        expect(second.items.map((lead) => lead.id)).toEqual([ids.signup]);
        expect(second.nextCursor).toBeNull();
      });

      it("filters by type, status and search text", async () => {
        expect((await subject.admin.list("leads", { type: "signup" })).items.map((lead) => lead.id)).toEqual([
          ids.signup,
        ]);
        expect((await subject.admin.list("leads", { q: "FORMULA" })).items.map((lead) => lead.id)).toEqual([ids.demo]);
        expect((await subject.admin.list("leads", { status: "closed" })).items).toEqual([]);
        expect((await subject.admin.list("newsletter", { q: "reader@" })).items.map((entry) => entry.id)).toEqual([
          ids.newsletter,
        ]);
        await expect(subject.admin.list("leads", { status: "subscribed" })).rejects.toThrow();
      });

      it("changes a status and answers the updated record; refuses a status the collection lacks", async () => {
        const updated = await subject.admin.setStatus("leads", ids.demo!, "contacted");
        expect(updated).toMatchObject({ id: ids.demo, status: "contacted", email: "amina@example.ng" });
        expect((await subject.admin.list("leads", { status: "contacted" })).items.map((lead) => lead.id)).toEqual([
          ids.demo,
        ]);
        await expect(subject.admin.setStatus("leads", ids.demo!, "subscribed")).rejects.toThrow();
      });

      it("answers a subscription of an address staff unsubscribed as any other, without a second record", async () => {
        expect(await subject.admin.setStatus("newsletter", ids.newsletter!, "unsubscribed")).toMatchObject({
          status: "unsubscribed",
        });
        expect(await subject.public.subscribe({ email: "reader@example.com", website: "" }, key())).toMatchObject({
          ok: true,
          id: expect.any(String),
        });
        const { items } = await subject.admin.list("newsletter", {});
        expect(items).toHaveLength(1);
        expect(items[0]).toMatchObject({
          id: ids.newsletter,
          email: "reader@example.com",
          status: subject.optOutNeedsConfirmation ? "unsubscribed" : "subscribed",
          type: "newsletter",
        });
      });

      it("watches live: a new submission arrives as an insert, a status change as an update", async () => {
        const feed = await subject.watch();
        try {
          await feed.waitForState("live");
          const sent = await subject.public.submitContact({ ...contact, email: "live@example.com" }, key());
          expect(sent.ok).toBe(true);
          const inserted = await feed.waitFor((change) => change.record.email === "live@example.com");
          expect(inserted).toMatchObject({
            collection: "contacts",
            op: "insert",
            record: { status: "new", type: "contact" },
          });
          if (sent.ok) expect(inserted.record.id).toBe(sent.id);

          await subject.admin.setStatus("contacts", inserted.record.id, "qualified");
          const updated = await feed.waitFor(
            (change) =>
              change.op === "update" && change.record.id === inserted.record.id && change.record.status === "qualified",
          );
          expect(updated.collection).toBe("contacts");
          expect(updated.position > inserted.position).toBe(true);
        } finally {
          await feed.stop();
        }
      });

      it("exports every record as CSV: leads, then contacts, then newsletter, formulas defused", async () => {
        const { fileName, text } = await subject.exportCsv({});
        expect(fileName).toMatch(/^erf-data-\d{4}-\d{2}-\d{2}\.csv$/);
        const lines = text.split("\r\n").filter(Boolean);
        expect(lines[0]).toBe(CSV_COLUMNS.join(","));
        expect(lines.slice(1).map((line) => line.split(",")[4])).toEqual([
          "demo",
          "signup",
          "contact",
          "contact",
          "contact",
          "newsletter",
        ]);
        expect(lines[1]).toMatch(
          /^Amina Okafor,amina@example\.ng,021 555 0100,'=Formula Estates,demo,contacted,\d{4}-[^,]+,Arrears tracking$/,
        );
        expect(lines.at(-1)).toMatch(
          new RegExp(
            `^,reader@example\\.com,,,newsletter,${subject.optOutNeedsConfirmation ? "unsubscribed" : "subscribed"},\\d{4}-[^,]+,$`,
          ),
        );
      });

      it("exports only what the filters select", async () => {
        const { text } = await subject.exportCsv({ collections: ["leads"], type: "signup" });
        const lines = text.split("\r\n").filter(Boolean);
        expect(lines).toHaveLength(2);
        // A phone starting with + is defused too (src/domain/csv.ts): a spreadsheet would read it as a formula.
        expect(lines[1]).toMatch(/^Pieter van Wyk,pieter@example\.com,'\+27 82 123 4567,Karoo Rentals,signup,new,/);
      });
    });

    workspaceContract({ subject: () => subject, ids, person });

    describe("signing out", () => {
      it("signs out, after which staff data is refused", async () => {
        await subject.admin.signOut();
        expect(await subject.admin.currentUser()).toBeNull();
        await expect(subject.admin.list("leads", {})).rejects.toThrow();
        await expect(subject.admin.person(person.pieter ?? "0".repeat(64))).rejects.toThrow();
      });
    });
  });
}
