import { describe, expect, it } from "vitest";
import type { ListPage, ListQuery } from "../../../domain/admin";
import { collectMatching } from "./collect-matching";
import { NO_FILTERS } from "./filters";

/** A list API over `total` records, newest first, keyset-paged by index, recording each query. */
function fakeList(total: number) {
  const queries: ListQuery[] = [];
  const list = async (_collection: string, query: ListQuery) => {
    queries.push(query);
    const from = query.cursor ? Number(query.cursor) : 0;
    const to = Math.min(total, from + (query.limit ?? 100));
    const items = Array.from({ length: to - from }, (_, index) => ({ id: `r${from + index}` }));
    return { items, nextCursor: to < total ? String(to) : null } as unknown as ListPage<"leads">;
  };
  return { backend: { list } as never, queries };
}

describe("collectMatching", () => {
  it("pages through every match when there are fewer than the cap", async () => {
    const { backend, queries } = fakeList(1_203);
    const collected = await collectMatching(backend, "leads", { ...NO_FILTERS, status: "new", owner: "none" }, 2_000);
    expect(collected.ids).toHaveLength(1_203);
    expect(collected.more).toBe(false);
    expect(
      queries.every((query) => query.status === "new" && query.owner === "none" && (query.limit ?? 0) <= 500),
    ).toBe(true);
  });

  it("stops at the cap and says more matched", async () => {
    const { backend } = fakeList(1_500);
    const collected = await collectMatching(backend, "leads", NO_FILTERS, 1_000);
    expect(collected.ids).toHaveLength(1_000);
    expect(collected.ids.at(-1)).toBe("r999");
    expect(collected.more).toBe(true);
  });

  it("does not claim more when exactly the cap matched", async () => {
    const { backend } = fakeList(1_000);
    expect(await collectMatching(backend, "contacts", NO_FILTERS, 1_000)).toMatchObject({ more: false });
  });

  it("sends no owner filter for the newsletter, which has no owners", async () => {
    const { backend, queries } = fakeList(3);
    await collectMatching(backend, "newsletter", { ...NO_FILTERS, owner: "me" }, 1_000);
    expect(queries[0]?.owner).toBeUndefined();
  });
});
