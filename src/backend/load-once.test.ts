import { describe, expect, it } from "vitest";
import { loadOnce } from "./load-once";

describe("loadOnce", () => {
  it("loads once and gives every caller the same value", async () => {
    let calls = 0;
    const load = loadOnce(async () => ++calls);
    expect(await Promise.all([load(), load(), load()])).toEqual([1, 1, 1]);
    expect(calls).toBe(1);
  });

  it("forgets a failed load, so the next call tries again", async () => {
    let calls = 0;
    const load = loadOnce(async () => {
      calls += 1;
      if (calls === 1) throw new Error("offline");
      return "adapter";
    });
    await expect(load()).rejects.toThrow("offline");
    expect(await load()).toBe("adapter");
    expect(calls).toBe(2);
  });
});
