import { expect, it } from "vitest";
import { UNATTRIBUTED } from "../../src/domain/attribution";
import { findSubscriptionById } from "../db/store";
import { countRows } from "../test-support/databases";
import { describeStorage } from "../test-support/storage-suite";
import { manualClock, postJson, testApp, validNewsletter } from "../test-support/app";

describeStorage("POST /api/newsletter", (open) => {
  const subscribe = async (body: unknown) => {
    const response = await postJson(
      testApp(open.db, { clock: manualClock("2025-05-05T05:05:05.005Z").clock }),
      "/api/newsletter",
      body,
    );
    return { response, payload: (await response.json()) as { id?: string; fields?: Record<string, string> } };
  };

  it("stores a subscription as subscribed and answers 201 {id}", async () => {
    const { response, payload } = await subscribe(validNewsletter);
    expect(response.status).toBe(201);
    expect(await findSubscriptionById(open.db, payload.id!)).toEqual({
      id: payload.id,
      email: "reader@example.com",
      ...UNATTRIBUTED,
      status: "subscribed",
      type: "newsletter",
      botCheck: "skipped",
      createdAt: "2025-05-05T05:05:05.005Z",
    });
  });

  it("keeps one row for a repeat address (any case), and answers it with an id of its own", async () => {
    const first = await subscribe({ email: "Reader@Example.com" });
    const second = await subscribe({ email: "  READER@example.COM " });
    expect(second.response.status).toBe(201);
    expect(second.payload.id).not.toBe(first.payload.id);
    expect(await countRows(open.db, "newsletter")).toBe(1);
    expect((await findSubscriptionById(open.db, first.payload.id!))?.status).toBe("subscribed");
  });

  it("does not re-subscribe an unsubscribed address on the form's word alone", async () => {
    const first = await subscribe(validNewsletter);
    await open.db
      .updateTable("newsletter")
      .set({ status: "unsubscribed" })
      .where("id", "=", first.payload.id!)
      .execute();
    const again = await subscribe(validNewsletter);
    expect(again.response.status).toBe(201);
    expect((await findSubscriptionById(open.db, first.payload.id!))?.status).toBe("unsubscribed");
  });

  it.each([
    ["a missing email", {}, "email"],
    ["a bad email", { email: "reader.example.com" }, "email"],
    ["an email over 254 characters", { email: `${"a".repeat(245)}@example.com` }, "email"],
    ["a forged status", { ...validNewsletter, status: "unsubscribed" }, "status"],
    ["a forged type", { ...validNewsletter, type: "newsletter" }, "type"],
  ])("rejects %s with 400 naming the field, storing nothing", async (_label, body, field) => {
    const { response, payload } = await subscribe(body);
    expect(response.status).toBe(400);
    expect(payload.fields?.[field]).toEqual(expect.any(String));
    expect(await countRows(open.db, "newsletter")).toBe(0);
  });
});
