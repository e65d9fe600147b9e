import { describe, expect, it } from "vitest";
import { newsletterDocumentId } from "./newsletter-id";
import { personIdOf, PERSON_ID } from "./person-id";

describe("personIdOf", () => {
  it("is the newsletter document's id for the same address, whatever its case and spacing", async () => {
    const id = await personIdOf("  Reader@Example.COM ");
    expect(id).toBe(await newsletterDocumentId("reader@example.com"));
    expect(id).toMatch(PERSON_ID);
  });

  it("differs between addresses", async () => {
    expect(await personIdOf("a@example.com")).not.toBe(await personIdOf("b@example.com"));
  });
});
