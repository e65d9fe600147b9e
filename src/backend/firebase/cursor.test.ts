import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "./cursor";

describe("list cursor", () => {
  it("round-trips Firestore's full timestamp precision and the id, in URL-safe characters", () => {
    const keyset = { seconds: 1_763_730_000, nanoseconds: 123_456_789, id: "0f3c-uuid_like" };
    const cursor = encodeCursor(keyset);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(keyset);
  });

  it("refuses anything it did not make", () => {
    expect(decodeCursor("not a cursor!")).toBeNull();
    expect(decodeCursor(encodeCursor({ seconds: 1, nanoseconds: 0, id: "" }))).toBeNull();
    expect(decodeCursor(btoa(JSON.stringify([1.5, 0, "x"])))).toBeNull();
    expect(decodeCursor(btoa("{}"))).toBeNull();
  });
});
