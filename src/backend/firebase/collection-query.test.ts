import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { COLLECTIONS, type Collection } from "../../domain/status";
import { isOwnedCollection } from "../../domain/workspace";

// The emulator runs any query without an index; a real project refuses one that needs a composite index
// it does not have. So every equality combination the adapter sends, each newest first, is held to
// firestore.indexes.json here.

interface Index {
  collectionGroup: string;
  queryScope: string;
  fields: { fieldPath: string; order: string }[];
}

const { indexes } = JSON.parse(readFileSync(new URL("../../../firestore.indexes.json", import.meta.url), "utf8")) as {
  indexes: Index[];
};

/** Whether a query with equality on `fields`, ordered by createdAt descending, has its index. */
const indexed = (target: Collection, fields: string[]) =>
  indexes.some((index) => {
    if (index.collectionGroup !== target || index.queryScope !== "COLLECTION") return false;
    const last = index.fields.at(-1);
    const equalities = index.fields.slice(0, -1).map((field) => field.fieldPath);
    return (
      last?.fieldPath === "createdAt" &&
      last.order === "DESCENDING" &&
      equalities.length === fields.length &&
      fields.every((field) => equalities.includes(field))
    );
  });

/** The list filters a collection has (collection-query.ts): status; type on leads; owner on leads and contacts. */
const filtersOf = (target: Collection) => [
  "status",
  ...(target === "leads" ? ["type"] : []),
  ...(isOwnedCollection(target) ? ["owner"] : []),
];

const combinations = (fields: string[]): string[][] =>
  fields.reduce<string[][]>((sets, field) => [...sets, ...sets.map((set) => [...set, field])], [[]]);

describe("firestore.indexes.json", () => {
  for (const target of COLLECTIONS) {
    const needed = combinations(filtersOf(target)).filter((set) => set.length > 0);
    it.each(needed.map((set) => [set.join(" + "), set] as const))(
      `${target}: a list filtered by %s, newest first`,
      (_name, set) => {
        expect(indexed(target, [...set])).toBe(true);
      },
    );
  }

  it.each(["leads", "contacts"] as const)("%s: a person's records by email, newest first", (target) => {
    expect(indexed(target, ["email"])).toBe(true);
  });

  // The Insights tab's counts (insights.ts): equality on these, createdAt in a range, newest first.
  it.each([
    ["leads", ["type"]],
    ["leads", ["type", "owner"]],
    ["contacts", ["owner"]],
    ["leads", ["type", "organizationType", "propertyCount"]],
    ["leads", ["type", "organizationType", "propertyCount", "owner"]],
  ] as const)("%s: the Insights counts by %s", (target, fields) => {
    expect(indexed(target, [...fields])).toBe(true);
  });

  it("would notice a missing one", () => {
    expect(indexed("newsletter", ["owner"])).toBe(false);
  });
});
