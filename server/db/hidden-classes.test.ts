import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

// The objects the server builds for every submission, and for every row staff read, must share V8's
// hidden classes. An object spread with keys added after it (`{ ...row, type: "contact" }`) does not: V8
// gives each such object new classes (maps) of its own, allocated straight into the old generation. At
// 2,000 submissions a second that was about 480 KB of maps between two young-generation collections, a
// full collection every 1.3 s, and each one a 5 to 10 ms pause that set the p99 (docs/performance.md,
// session 8). V8's own %HaveSameMap tells, in a Node started with --allow-natives-syntax.

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

const PROBE = `
const { leadRow, toLeadRecord } = await import("./server/db/leads.ts");
const { contactRow, toContactRecord } = await import("./server/db/contacts.ts");
const { toNewsletterRecord } = await import("./server/db/newsletter.ts");
const { outboxRow } = await import("./server/db/outbox.ts");
const { keyClaim } = await import("./server/db/submissions.ts");
const { workspaceEventRow } = await import("./server/db/workspace-events.ts");

const at = "2026-11-22T09:00:00.000Z";
const signup = (i) => ({ type: "signup", firstName: "Ada", lastName: "L" + i, email: i + "@example.co.za", phone: "", companyName: "Erf", organizationType: "hoa", propertyCount: "1-5", marketingOptIn: i % 2 === 0, termsAccepted: true });
const demo = (i) => ({ type: "demo", firstName: "Ada", lastName: "L" + i, email: i + "@example.co.za", phone: "+27 21 000 0000", companyName: "Erf", jobTitle: "Owner", organizationType: "hoa", propertyCount: "1-5", challenges: "Levies " + i });
const leadTable = (i) => ({ ...leadRow({ id: "id-" + i, data: signup(i), botCheck: "skipped", createdAt: at }), statusChangedAt: null });
const contactTable = (i) => ({ ...contactRow({ id: "id-" + i, data: { firstName: "Ada", lastName: "L" + i, email: i + "@x.co.za", phone: "", message: "Hello " + i }, botCheck: "skipped", createdAt: at }), statusChangedAt: null });
const newsletterTable = (i) => ({ id: "id-" + i, email: i + "@x.co.za", status: "subscribed", botCheck: "skipped", createdAt: at, statusChangedAt: null });

const builders = {
  "leadRow (signup)": (i) => leadRow({ id: "id-" + i, data: signup(i), botCheck: "skipped", createdAt: at }),
  "leadRow (demo)": (i) => leadRow({ id: "id-" + i, data: demo(i), botCheck: "passed", createdAt: at }),
  "contactRow": (i) => contactRow({ id: "id-" + i, data: { firstName: "Ada", lastName: "L" + i, email: i + "@x.co.za", phone: "", message: "Hello " + i }, botCheck: "skipped", createdAt: at }),
  "keyClaim": (i) => keyClaim({ route: "/api/leads", key: "key-" + i, fingerprint: "fp-" + i }, { status: 201, body: "{}" }, new Date(at)),
  "outboxRow": (i) => outboxRow({ kind: "staff-alert", subjectEmail: i + "@x.co.za", recordCollection: "leads", recordId: "id-" + i }, at),
  "outboxRow (assignment)": (i) => outboxRow({ kind: "assignment", subjectEmail: i + "@x.co.za", recordCollection: "leads", recordId: "id-" + i, recipient: "staff@erf.co.za" }, at),
  "workspaceEventRow (round-robin)": (i) => workspaceEventRow({ email: i + "@x.co.za", collection: "leads", recordId: "id-" + i, kind: "assigned", actor: "round-robin", details: { from: null, to: "staff@erf.co.za" }, at }),
  "toLeadRecord": (i) => toLeadRecord(leadTable(i)),
  "toContactRecord": (i) => toContactRecord(contactTable(i)),
  "toNewsletterRecord": (i) => toNewsletterRecord(newsletterTable(i)),
};
const result = {};
for (const [name, build] of Object.entries(builders)) {
  // Enough calls for V8 to settle field representations and optimise the builder.
  const built = Array.from({ length: 2000 }, (_, i) => build(i));
  result[name] = %HaveSameMap(built[1998], built[1999]);
}
console.log(JSON.stringify(result));
`;

describe("hidden classes of per-request objects", () => {
  it("every row, claim and record builder gives its objects one shared map", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--allow-natives-syntax", "--import", "tsx", "--input-type=module", "--eval", PROBE],
      { cwd: ROOT },
    );
    const sameMap = JSON.parse(stdout.trim().split("\n").at(-1)!) as Record<string, boolean>;
    expect(Object.keys(sameMap)).toHaveLength(10);
    expect(
      Object.entries(sameMap)
        .filter(([, same]) => !same)
        .map(([name]) => name),
    ).toEqual([]);
  }, 30_000);
});
