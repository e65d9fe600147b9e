import { describe, expect, it } from "vitest";
import { ATTRIBUTION_FIELD_NAMES, UNATTRIBUTED } from "../../../domain/attribution";
import { CONTACT_FIELDS } from "../../../domain/contact-fields";
import { LEAD_FIELDS } from "../../../domain/lead-fields";
import type { ContactRecord, LeadRecord } from "../../../domain/records";
import type { RecordDetail } from "../../../domain/workspace";
import { fieldSections, recordTitle, type FieldRow } from "./field-rows";
import { NOT_SCORED } from "../../../domain/spam";

const demo: RecordDetail<"leads"> = {
  id: "lead-1",
  type: "demo",
  firstName: "Ama",
  lastName: "Dlamini",
  name: "Ama Dlamini",
  email: "ama@example.co.za",
  phone: "082 555 0101",
  companyName: "Dlamini Lettings",
  jobTitle: "Director",
  organizationType: "investor",
  propertyCount: "11-50",
  message: null,
  challenges: "Late rent\nand too many spreadsheets",
  marketingOptIn: null,
  termsAcceptedAt: null,
  sourcePath: "/request-demo",
  ...UNATTRIBUTED,
  status: "new",
  owner: null,
  firstResponseAt: null,
  botCheck: "missing",
  spamScore: 10,
  spamSignals: "no-render-stamp",
  spam: false,
  createdAt: "2026-11-23T08:00:00.000Z",
  personId: "person-1",
  phoneE164: "+27825550101",
  consent: null,
} satisfies LeadRecord & Record<string, unknown>;

const rows = (sections: { rows: FieldRow[] }[]) =>
  new Map(sections.flatMap((section) => section.rows).map((row) => [row.name, row]));

describe("fieldSections", () => {
  it("shows a demo request's options as their labels, the phone beside its E.164 form and the challenges in full", () => {
    const shown = rows(fieldSections("leads", demo));
    expect(shown.get("organizationType")).toEqual({
      name: "organizationType",
      label: "Organization Type",
      value: { kind: "text", text: "Property Investor" },
    });
    expect(shown.get("propertyCount")?.value).toEqual({ kind: "text", text: "11-50 properties" });
    expect(shown.get("phone")?.value).toEqual({ kind: "phone", raw: "082 555 0101", e164: "+27825550101" });
    expect(shown.get("challenges")?.value).toEqual({ kind: "long", text: "Late rent\nand too many spreadsheets" });
    expect(shown.get("email")?.value).toEqual({ kind: "email", email: "ama@example.co.za" });
    expect(shown.get("type")?.value).toEqual({ kind: "text", text: "Demo request" });
    expect(shown.get("botCheck")?.value).toEqual({ kind: "text", text: "No token sent" });
    expect(shown.get("sourcePath")?.value).toEqual({ kind: "path", path: "/request-demo" });
    expect(shown.get("owner")?.value).toEqual({ kind: "owner", owner: null });
    expect(shown.get("status")?.value).toEqual({ kind: "status", status: "new" });
    expect(shown.get("consent")?.value).toEqual({ kind: "consent", consent: null });
  });

  it("lists every field of the demo variant except the joined name and the always-empty message, each under its list's label", () => {
    const shown = rows(fieldSections("leads", demo));
    const expected = Object.keys(LEAD_FIELDS).filter(
      (name) => !["name", "message", "marketingOptIn", "termsAcceptedAt"].includes(name),
    );
    expect([...shown.keys()].filter((name) => name !== "consent").sort()).toEqual(expected.sort());
    for (const [name, row] of shown)
      if (name !== "consent") expect(row.label).toBe(LEAD_FIELDS[name as keyof typeof LEAD_FIELDS].label);
  });

  it("uses the signup's own option labels and shows its marketing choice", () => {
    const signup = {
      ...demo,
      type: "signup",
      organizationType: "landlord",
      propertyCount: "100+",
      jobTitle: null,
      challenges: null,
      marketingOptIn: true,
      termsAcceptedAt: "2026-11-23T08:00:00.000Z",
    } as RecordDetail<"leads">;
    const shown = rows(fieldSections("leads", signup));
    expect(shown.get("organizationType")?.value).toEqual({ kind: "text", text: "Individual Landlord" });
    expect(shown.get("propertyCount")?.value).toEqual({ kind: "text", text: "100+ properties" });
    expect(shown.get("marketingOptIn")?.value).toEqual({ kind: "text", text: "Yes" });
    expect(shown.has("challenges")).toBe(false);
    expect(shown.has("jobTitle")).toBe(false);
  });

  it("shows a contact's message in full and its empty fields as empty", () => {
    const contact: RecordDetail<"contacts"> = {
      id: "c1",
      firstName: "Thandi",
      lastName: "Nkosi",
      email: "thandi@example.co.za",
      phone: null,
      message: "Do you support sectional title schemes?",
      companyName: null,
      sourcePath: null,
      ...UNATTRIBUTED,
      status: "contacted",
      owner: "sipho@erf.test",
      firstResponseAt: "2026-11-23T08:10:00.000Z",
      type: "contact",
      botCheck: "passed",
      ...NOT_SCORED,
      createdAt: "2026-11-23T08:00:00.000Z",
      personId: "p2",
      phoneE164: null,
      consent: {
        purpose: "newsletter" as const,
        action: "given" as const,
        at: "2026-11-23T08:00:00.000Z",
        source: "/contact",
      },
    } satisfies ContactRecord & Record<string, unknown>;
    const sections = fieldSections("contacts", contact);
    expect(sections.map((section) => section.title)).toEqual([
      "Handling",
      "Contact details",
      "What they wrote",
      "Record",
    ]);
    expect(sections[0]?.rows.map((row) => row.name)).toEqual(["status", "owner", "firstResponseAt"]);
    expect(
      sections
        .at(-1)
        ?.rows.slice(-2)
        .map((row) => row.name),
    ).toEqual(["consent", "id"]);
    const shown = rows(sections);
    expect(shown.get("message")?.value.kind).toBe("long");
    expect(shown.get("phone")?.value).toEqual({ kind: "empty" });
    expect(shown.get("owner")?.value).toEqual({ kind: "owner", owner: "sipho@erf.test" });
    expect(shown.get("firstResponseAt")?.value).toEqual({ kind: "date", iso: "2026-11-23T08:10:00.000Z" });
    expect(shown.get("consent")?.value).toMatchObject({
      kind: "consent",
      consent: { purpose: "newsletter", action: "given" },
    });
    // Nothing known of where it came from: no Source section; every other field is listed.
    const source = new Set(["sourcePath", ...ATTRIBUTION_FIELD_NAMES]);
    expect([...shown.keys()].filter((name) => name !== "consent").sort()).toEqual(
      Object.keys(CONTACT_FIELDS)
        .filter((name) => !source.has(name))
        .sort(),
    );

    const attributed = fieldSections("contacts", {
      ...contact,
      utmSource: "newsletter",
      utmCampaign: "nov",
      clickId: "gclid",
      landingPath: "/pricing",
    });
    expect(attributed.map((section) => section.title)).toEqual([
      "Handling",
      "Contact details",
      "What they wrote",
      "Source",
      "Record",
    ]);
    const sourceRows = attributed.find((section) => section.title === "Source")!.rows;
    expect(sourceRows.map((row) => [row.label, row.value])).toEqual([
      ["Source Page", { kind: "empty" }],
      ["UTM Source", { kind: "text", text: "newsletter" }],
      ["UTM Medium", { kind: "empty" }],
      ["UTM Campaign", { kind: "text", text: "nov" }],
      ["UTM Term", { kind: "empty" }],
      ["UTM Content", { kind: "empty" }],
      ["Ad Click ID", { kind: "text", text: "gclid" }],
      ["Referrer", { kind: "empty" }],
      ["Landing Page", { kind: "path", path: "/pricing" }],
    ]);
  });
});

describe("recordTitle", () => {
  it("is the name, else first and last, else the email", () => {
    expect(recordTitle(demo)).toBe("Ama Dlamini");
    expect(recordTitle({ email: "t@example.com", firstName: "Thandi", lastName: "Nkosi" })).toBe("Thandi Nkosi");
    expect(recordTitle({ email: "t@example.com" })).toBe("t@example.com");
  });
});
