import { describe, expect, it } from "vitest";
import { newsletterDocumentId } from "./newsletter-id";

describe("newsletterDocumentId", () => {
  it("is the SHA-256 hex of the lower-cased email, as firestore.rules recomputes it", async () => {
    // sha256("reader@example.com"), computed independently (`printf %s reader@example.com | sha256sum`).
    const expected = "d108b279434fe1d54ac0f1da633564604b26c2e0e221d108b0fbadb87aba02c0";
    expect(await newsletterDocumentId("Reader@Example.COM")).toBe(expected);
    expect(await newsletterDocumentId("reader@example.com")).toBe(expected);
  });
});
