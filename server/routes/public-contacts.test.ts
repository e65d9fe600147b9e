import { expect, it } from "vitest";
import { findContactById } from "../db/store";
import { expectFormRefused } from "../test-support/form-refusals";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock, postJson, POSTED_SCORE, testApp, validContact } from "../test-support/app";
import { storedContact } from "../test-support/records";

describeStorage("POST /api/contacts", (open) => {
  it("stores a valid message as new, with the server's time, and answers 201 {id}", async () => {
    const { clock } = manualClock("2025-03-01T10:00:00.123Z");
    const response = await postJson(testApp(open.db, { clock }), "/api/contacts", {
      ...validContact,
      sourcePath: "/contact",
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await findContactById(open.db, id)).toEqual(
      storedContact(id, "2025-03-01T10:00:00.123Z", { sourcePath: "/contact", ...POSTED_SCORE }),
    );
  });

  it("stores a missing phone as null", async () => {
    const { phone: _phone, ...withoutPhone } = validContact;
    const response = await postJson(testApp(open.db), "/api/contacts", withoutPhone);
    const { id } = (await response.json()) as { id: string };
    expect((await findContactById(open.db, id))?.phone).toBeNull();
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["a missing first name", { ...validContact, firstName: undefined }, "firstName"],
    ["a blank message", { ...validContact, message: "   " }, "message"],
    ["a bad email", { ...validContact, email: "not-an-email" }, "email"],
    ["a bad phone", { ...validContact, phone: "call me" }, "phone"],
    ["an unknown field", { ...validContact, nickname: "Ledi" }, "nickname"],
    ["an unknown field named like an Object property", { ...validContact, constructor: "x" }, "constructor"],
    ["an unknown __proto__ field", { ...validContact, ["__proto__"]: { status: "closed" } }, "__proto__"],
    ["a forged status", { ...validContact, status: "closed" }, "status"],
    ["a forged createdAt", { ...validContact, createdAt: "2000-01-01T00:00:00.000Z" }, "createdAt"],
    ["a forged type", { ...validContact, type: "signup" }, "type"],
    ["a forged id", { ...validContact, id: "chosen-by-client" }, "id"],
    ["a first name over 100 characters", { ...validContact, firstName: "x".repeat(101) }, "firstName"],
    ["a last name over 100 characters", { ...validContact, lastName: "x".repeat(101) }, "lastName"],
    ["an email over 254 characters", { ...validContact, email: `${"a".repeat(245)}@example.com` }, "email"],
    ["a phone over 32 characters", { ...validContact, phone: "1".repeat(33) }, "phone"],
    ["a message over 5,000 characters", { ...validContact, message: "x".repeat(5_001) }, "message"],
  ];

  it.each(invalid)("rejects %s with 400 naming the field, storing nothing", (_label, body, field) =>
    expectFormRefused(open.db, "contacts", body, field),
  );

  it("accepts strings exactly at the bounds", async () => {
    const atBounds = { ...validContact, firstName: "x".repeat(100), message: "y".repeat(5_000) };
    const response = await postJson(testApp(open.db), "/api/contacts", atBounds);
    expect(response.status).toBe(201);
  });
});
