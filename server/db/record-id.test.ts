import { describe, expect, it } from "vitest";
import { newRecordId } from "./record-id";

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("newRecordId", () => {
  it("makes RFC 9562 version 7 UUIDs whose first 48 bits are the time in ms", () => {
    const at = Date.parse("2026-11-22T06:00:00.123Z");
    const id = newRecordId(at);
    expect(id).toMatch(UUID_V7);
    expect(parseInt(id.replaceAll("-", "").slice(0, 12), 16)).toBe(at);
  });

  it("sorts ids of later milliseconds after earlier ones, as strings", () => {
    const at = Date.now();
    const ids = [at, at + 1, at + 2, at + 1_000, at + 86_400_000].map((ms) => newRecordId(ms));
    expect([...ids].sort()).toEqual(ids);
  });

  it("does not repeat, across several refills of its random pool", () => {
    const at = Date.now();
    const ids = Array.from({ length: 5_000 }, () => newRecordId(at));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 300)) expect(id).toMatch(UUID_V7);
  });
});
