import { describe, expect, it } from "vitest";
import { CONSENT_PURPOSES, CONSENT_WORDING, consentVersions, consentWording } from "./consent";

describe("consent wording", () => {
  it("has one current wording per purpose, found by its version", () => {
    for (const purpose of CONSENT_PURPOSES) {
      expect(consentVersions(purpose)[0]).toBe(CONSENT_WORDING[purpose].version);
      expect(consentWording(purpose, CONSENT_WORDING[purpose].version)).toEqual(CONSENT_WORDING[purpose]);
      expect(consentWording(purpose)).toEqual(CONSENT_WORDING[purpose]);
    }
  });

  it("knows no made-up version and never mixes purposes", () => {
    expect(consentWording("newsletter", "made-up")).toBeNull();
    expect(consentWording("newsletter", CONSENT_WORDING.marketing.version)).toBeNull();
  });

  it("says on the signup box that it can be withdrawn, and on the newsletter that every email can unsubscribe", () => {
    expect(CONSENT_WORDING.marketing.text).toMatch(/unsubscribe at any time/);
    expect(CONSENT_WORDING.newsletter.text).toMatch(/unsubscribe link/);
  });
});
