import { Timestamp } from "firebase/firestore";
import { UNATTRIBUTED } from "../../domain/attribution";
import { describe, expect, it } from "vitest";
import { toContactRecord, toLeadRecord, toNewsletterRecord } from "./records";

const at = Timestamp.fromDate(new Date("2026-03-05T10:00:00.123Z"));

describe("Firestore documents as the records staff read", () => {
  it("reads a signup with its times as ISO and empty optional text as null", () => {
    expect(
      toLeadRecord("l1", {
        type: "signup",
        firstName: "Pieter",
        lastName: "van Wyk",
        name: "Pieter van Wyk",
        email: "p@example.com",
        phone: "",
        companyName: "Karoo",
        organizationType: "landlord",
        propertyCount: "6-20",
        marketingOptIn: true,
        termsAcceptedAt: at,
        status: "new",
        createdAt: at,
      }),
    ).toMatchObject({
      id: "l1",
      type: "signup",
      phone: null,
      marketingOptIn: true,
      termsAcceptedAt: "2026-03-05T10:00:00.123Z",
      challenges: null,
      jobTitle: null,
      createdAt: "2026-03-05T10:00:00.123Z",
      botCheck: "skipped",
    });
  });

  it("keeps a demo's empty challenges as text and tolerates missing fields", () => {
    expect(toLeadRecord("l2", { type: "demo", challenges: "", createdAt: at })).toMatchObject({
      type: "demo",
      challenges: "",
      firstName: "",
      marketingOptIn: null,
    });
  });

  it("reads contacts and subscriptions", () => {
    expect(
      toContactRecord("c1", {
        firstName: "N",
        lastName: "D",
        email: "n@d.co",
        phone: "021",
        message: "Hi",
        status: "new",
        createdAt: at,
      }),
    ).toMatchObject({
      type: "contact",
      phone: "021",
      companyName: null,
    });
    expect(
      toNewsletterRecord("n1", { email: "a@b.co", status: "subscribed", createdAt: new Date("2026-01-01T00:00:00Z") }),
    ).toEqual({
      id: "n1",
      email: "a@b.co",
      ...UNATTRIBUTED,
      status: "subscribed",
      type: "newsletter",
      botCheck: "skipped",
      createdAt: "2026-01-01T00:00:00.000Z",
    });
  });
});
