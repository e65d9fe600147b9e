import { expect, it } from "vitest";
import { LEAD_FIELDS } from "../../src/domain/lead-fields";
import { findLeadById } from "../db/store";
import { expectFormRefused } from "../test-support/form-refusals";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock, postJson, POSTED_SCORE, testApp, validDemo, validSignup } from "../test-support/app";

describeStorage("POST /api/leads", (open) => {
  const submit = async (body: unknown, clock = manualClock("2025-04-02T08:30:00.000Z").clock) => {
    const response = await postJson(testApp(open.db, { clock }), "/api/leads", body);
    return { response, payload: (await response.json()) as { id?: string } };
  };

  it("stores a signup with name joined, opt-in and the server's terms acceptance time", async () => {
    const { response, payload } = await submit(validSignup);
    expect(response.status).toBe(201);
    // Every field of the list: those named below with their values, any other null.
    expect(await findLeadById(open.db, payload.id!)).toEqual({
      ...Object.fromEntries(Object.keys(LEAD_FIELDS).map((name) => [name, null])),
      id: payload.id,
      type: "signup",
      firstName: "Pieter",
      lastName: "van der Merwe",
      name: "Pieter van der Merwe",
      email: "pieter@example.co.za",
      phone: null,
      companyName: "Karoo Rentals",
      jobTitle: null,
      organizationType: "landlord",
      propertyCount: "6-20",
      message: null,
      challenges: null,
      marketingOptIn: true,
      termsAcceptedAt: "2025-04-02T08:30:00.000Z",
      status: "new",
      botCheck: "skipped",
      ...POSTED_SCORE,
      createdAt: "2025-04-02T08:30:00.000Z",
    });
  });

  it("stores marketingOptIn false as false, not null", async () => {
    const { payload } = await submit({ ...validSignup, marketingOptIn: false });
    expect((await findLeadById(open.db, payload.id!))?.marketingOptIn).toBe(false);
  });

  it("stores a demo request with name joined and its own option values", async () => {
    const { response, payload } = await submit(validDemo);
    expect(response.status).toBe(201);
    expect(await findLeadById(open.db, payload.id!)).toMatchObject({
      type: "demo",
      name: "Ama Owusu",
      phone: "+233 20 000 0000",
      jobTitle: "Operations Lead",
      organizationType: "investor",
      propertyCount: "51-200",
      challenges: "Arrears tracking across 3 buildings",
      marketingOptIn: null,
      termsAcceptedAt: null,
      status: "new",
      createdAt: "2025-04-02T08:30:00.000Z",
    });
  });

  it("stores absent demo challenges as an empty string (spec) and an absent job title as null", async () => {
    const { challenges: _c, jobTitle: _j, ...minimal } = validDemo;
    const { payload } = await submit(minimal);
    expect(await findLeadById(open.db, payload.id!)).toMatchObject({ challenges: "", jobTitle: null });
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["no type", { ...validSignup, type: undefined }, "type"],
    ["an unknown type", { ...validSignup, type: "partner" }, "type"],
    ["a signup without accepting the terms", { ...validSignup, termsAccepted: false }, "termsAccepted"],
    ["a signup without marketingOptIn", { ...validSignup, marketingOptIn: undefined }, "marketingOptIn"],
    [
      "a signup organization type from the demo list",
      { ...validSignup, organizationType: "investor" },
      "organizationType",
    ],
    ["a signup property count from the demo list", { ...validSignup, propertyCount: "1-10" }, "propertyCount"],
    ["a demo property count from the signup list", { ...validDemo, propertyCount: "1-5" }, "propertyCount"],
    ["a demo without a phone", { ...validDemo, phone: undefined }, "phone"],
    ["a demo without a company", { ...validDemo, companyName: "" }, "companyName"],
    ["a forged status", { ...validSignup, status: "qualified" }, "status"],
    ["a forged createdAt", { ...validDemo, createdAt: "2000-01-01T00:00:00.000Z" }, "createdAt"],
    ["a forged name", { ...validDemo, name: "Someone Else" }, "name"],
    ["a signup field on a demo", { ...validDemo, termsAccepted: true }, "termsAccepted"],
    ["a bad email", { ...validDemo, email: "ama@" }, "email"],
    ["a first name over 100 characters", { ...validSignup, firstName: "x".repeat(101) }, "firstName"],
    ["a last name over 100 characters", { ...validDemo, lastName: "x".repeat(101) }, "lastName"],
    ["an email over 254 characters", { ...validSignup, email: `${"a".repeat(245)}@example.com` }, "email"],
    ["a phone over 32 characters", { ...validDemo, phone: "2".repeat(33) }, "phone"],
    ["challenges over 5,000 characters", { ...validDemo, challenges: "x".repeat(5_001) }, "challenges"],
  ];

  it.each(invalid)("rejects %s with 400 naming the field, storing nothing", (_label, body, field) =>
    expectFormRefused(open.db, "leads", body, field),
  );
});
