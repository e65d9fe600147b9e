import { describe, expect, it } from "vitest";
import { derivePrivacyKeys } from "../privacy/keys";
import { TEST_APP_SECRET } from "../test-support/app";
import { canonicalBody, requestFingerprint } from "./request-fingerprint";

const key = derivePrivacyKeys(TEST_APP_SECRET).idempotency;
const of = (body: unknown, route = "/api/contacts") => requestFingerprint(key, route, body);

describe("canonicalBody", () => {
  it("writes a flat form body with sorted keys and no bot-check token", () => {
    expect(
      canonicalBody(JSON.parse('{ "b": 1, "recaptchaToken": "t", "a": "\\u00e9", "c": null, "__proto__": true }')),
    ).toBe('{"__proto__":true,"a":"é","b":1,"c":null}');
  });

  it("writes nested values with every object's keys sorted and arrays in order", () => {
    expect(canonicalBody({ b: [2, { y: 1, x: [] }], a: {}, recaptchaToken: { z: 1 } })).toBe(
      '{"a":{},"b":[2,{"x":[],"y":1}]}',
    );
    expect(canonicalBody([{ b: 1, a: 2 }, "s", null])).toBe('[{"a":2,"b":1},"s",null]');
    expect(canonicalBody("text")).toBe('"text"');
  });
});

describe("requestFingerprint", () => {
  it("is the same for the same values however they were serialised", () => {
    const sent = JSON.parse('{"b": 1, "a": [1, {"y": "\\u00e9", "x": null}]}') as unknown;
    expect(of(sent)).toBe(of({ a: [1, { x: null, y: "é" }], b: 1 }));
  });

  it("differs for another value, another array order, another nesting or another route", () => {
    const base = of({ a: [1, 2], b: "x" });
    expect(
      new Set([
        base,
        of({ a: [1, 2], b: "y" }),
        of({ a: [2, 1], b: "x" }),
        of({ a: [[1, 2]], b: "x" }),
        of({ a: [1, 2], b: "x" }, "/api/leads"),
      ]).size,
    ).toBe(5);
    expect(of({ a: "1" })).not.toBe(of({ a: 1 }));
    expect(of({})).not.toBe(of([]));
  });

  it("leaves out the top-level bot-check token only", () => {
    expect(of({ email: "a@b.co", recaptchaToken: "one" })).toBe(of({ email: "a@b.co", recaptchaToken: "two" }));
    expect(of({ nested: { recaptchaToken: "one" } })).not.toBe(of({ nested: { recaptchaToken: "two" } }));
  });

  it("is keyed by APP_SECRET", () => {
    const other = derivePrivacyKeys("another-secret-that-is-32-characters-long").idempotency;
    expect(requestFingerprint(other, "/api/newsletter", { email: "a@b.co" })).not.toBe(
      of({ email: "a@b.co" }, "/api/newsletter"),
    );
  });

  it("copes with a body nested far deeper than the stack allows recursion", () => {
    const deep = JSON.parse(`${'{"a":'.repeat(50_000)}1${"}".repeat(50_000)}`) as unknown;
    expect(of(deep)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
