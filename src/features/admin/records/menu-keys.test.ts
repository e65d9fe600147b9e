import { describe, expect, it } from "vitest";
import { menuMove, openingIndex } from "./menu-keys";

const STATUSES = ["new", "contacted", "qualified", "closed"];

describe("menuMove", () => {
  it("steps with the arrow keys, wrapping at either end", () => {
    expect(menuMove("ArrowDown", 0, STATUSES)).toEqual({ kind: "focus", index: 1 });
    expect(menuMove("ArrowDown", 3, STATUSES)).toEqual({ kind: "focus", index: 0 });
    expect(menuMove("ArrowUp", 0, STATUSES)).toEqual({ kind: "focus", index: 3 });
    expect(menuMove("ArrowUp", 2, STATUSES)).toEqual({ kind: "focus", index: 1 });
  });

  it("jumps with Home and End", () => {
    expect(menuMove("Home", 2, STATUSES)).toEqual({ kind: "focus", index: 0 });
    expect(menuMove("End", 0, STATUSES)).toEqual({ kind: "focus", index: 3 });
  });

  it("chooses only on Enter or Space, cancels on Escape and leaves on Tab", () => {
    expect(menuMove("Enter", 1, STATUSES)).toEqual({ kind: "choose" });
    expect(menuMove(" ", 1, STATUSES)).toEqual({ kind: "choose" });
    expect(menuMove("Escape", 1, STATUSES)).toEqual({ kind: "cancel" });
    expect(menuMove("Tab", 1, STATUSES)).toEqual({ kind: "leave" });
    expect(menuMove("Shift", 1, STATUSES)).toEqual({ kind: "none" });
  });

  it("moves to the next item starting with a typed letter, after the focused one", () => {
    expect(menuMove("q", 0, STATUSES)).toEqual({ kind: "focus", index: 2 });
    expect(menuMove("C", 0, STATUSES)).toEqual({ kind: "focus", index: 1 });
    expect(menuMove("c", 1, STATUSES)).toEqual({ kind: "focus", index: 3 });
    expect(menuMove("c", 3, STATUSES)).toEqual({ kind: "focus", index: 1 });
    expect(menuMove("z", 0, STATUSES)).toEqual({ kind: "none" });
  });

  it("does nothing but cancel in an empty menu", () => {
    expect(menuMove("ArrowDown", 0, [])).toEqual({ kind: "none" });
    expect(menuMove("Escape", 0, [])).toEqual({ kind: "cancel" });
  });
});

describe("openingIndex", () => {
  it("opens on the chosen item", () => {
    expect(openingIndex(STATUSES, "qualified", "first")).toBe(2);
    expect(openingIndex(STATUSES, "qualified", "last")).toBe(2);
  });

  it("opens on the first or last item when none is chosen", () => {
    expect(openingIndex(["subscribed", "unsubscribed"], "pending", "first")).toBe(0);
    expect(openingIndex(["subscribed", "unsubscribed"], "pending", "last")).toBe(1);
  });
});
