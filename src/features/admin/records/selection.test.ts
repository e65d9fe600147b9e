import { describe, expect, it } from "vitest";
import { NO_SELECTION, selectIds, setShown, shownState, toggle } from "./selection";

const ROWS = ["a", "b", "c", "d", "e"];
const ids = (selection: { ids: ReadonlySet<string> }) => [...selection.ids].sort();

describe("toggle", () => {
  it("ticks one row and makes it the anchor", () => {
    const one = toggle(NO_SELECTION, ROWS, "b", true);
    expect(ids(one)).toEqual(["b"]);
    expect(one.anchor).toBe("b");
    expect(ids(toggle(one, ROWS, "b", false))).toEqual([]);
  });

  it("ticks the range from the anchor with shift, in either direction", () => {
    const anchored = toggle(NO_SELECTION, ROWS, "b", true);
    expect(ids(toggle(anchored, ROWS, "d", true, true))).toEqual(["b", "c", "d"]);
    const fromBottom = toggle(NO_SELECTION, ROWS, "e", true);
    expect(ids(toggle(fromBottom, ROWS, "c", true, true))).toEqual(["c", "d", "e"]);
  });

  it("unticks a range with shift when the clicked box is being unticked", () => {
    const all = setShown(NO_SELECTION, ROWS, true);
    const anchored = toggle(all, ROWS, "b", false);
    expect(ids(toggle(anchored, ROWS, "d", false, true))).toEqual(["a", "e"]);
  });

  it("ticks only the clicked row when shift is held without an anchor in view", () => {
    expect(ids(toggle(NO_SELECTION, ROWS, "c", true, true))).toEqual(["c"]);
    const gone = toggle(NO_SELECTION, ["x", ...ROWS], "x", true);
    expect(ids(toggle(gone, ROWS, "c", true, true))).toEqual(["c", "x"]);
  });
});

describe("shown rows", () => {
  it("says whether all, some or none of the shown rows are ticked", () => {
    expect(shownState(NO_SELECTION, ROWS)).toBe("none");
    expect(shownState(toggle(NO_SELECTION, ROWS, "a", true), ROWS)).toBe("some");
    expect(shownState(setShown(NO_SELECTION, ROWS, true), ROWS)).toBe("all");
    expect(shownState(NO_SELECTION, [])).toBe("none");
  });

  it("unticks the shown rows only", () => {
    const elsewhere = toggle(NO_SELECTION, ["z"], "z", true);
    expect(ids(setShown(setShown(elsewhere, ROWS, true), ROWS, false))).toEqual(["z"]);
  });

  it("selects collected ids up to the cap", () => {
    const many = Array.from({ length: 1_005 }, (_, index) => `id-${index}`);
    expect(selectIds(many, 1_000).ids.size).toBe(1_000);
    expect(selectIds(many, 1_000).ids.has("id-1000")).toBe(false);
  });
});
