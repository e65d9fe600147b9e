import { describe, expect, it } from "vitest";
import { isTypingTarget, neighbour, positionText, stepForKey } from "./navigation";

const IDS = ["c", "b", "a"];
const press = (
  key: string,
  target: object | null = { tagName: "DIV" },
  modifiers: Partial<Record<"altKey" | "ctrlKey" | "metaKey", boolean>> = {},
) => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  ...modifiers,
  target: target as EventTarget | null,
});

describe("neighbour", () => {
  it("steps down and up the list as shown", () => {
    expect(neighbour(IDS, "c", 1, false)).toEqual({ kind: "go", id: "b" });
    expect(neighbour(IDS, "b", -1, false)).toEqual({ kind: "go", id: "c" });
  });

  it("stays at the top, and at the bottom unless another page can be loaded", () => {
    expect(neighbour(IDS, "c", -1, true)).toEqual({ kind: "stay" });
    expect(neighbour(IDS, "a", 1, false)).toEqual({ kind: "stay" });
    expect(neighbour(IDS, "a", 1, true)).toEqual({ kind: "load-more" });
  });

  it("steps into the list from a record that is not in it", () => {
    expect(neighbour(IDS, "deep-link", 1, false)).toEqual({ kind: "go", id: "c" });
    expect(neighbour(IDS, "deep-link", -1, false)).toEqual({ kind: "stay" });
    expect(neighbour([], "deep-link", 1, false)).toEqual({ kind: "stay" });
  });
});

describe("stepForKey", () => {
  it("maps j and ↓ to the next record, k and ↑ to the previous", () => {
    expect(stepForKey(press("j"))).toBe(1);
    expect(stepForKey(press("ArrowDown"))).toBe(1);
    expect(stepForKey(press("k"))).toBe(-1);
    expect(stepForKey(press("ArrowUp"))).toBe(-1);
    expect(stepForKey(press("Enter"))).toBeNull();
    expect(stepForKey(press("J"))).toBeNull();
  });

  it("ignores the keys while typing in a field, and with a modifier held", () => {
    expect(stepForKey(press("j", { tagName: "TEXTAREA" }))).toBeNull();
    expect(stepForKey(press("k", { tagName: "INPUT", type: "search" }))).toBeNull();
    expect(stepForKey(press("ArrowDown", { tagName: "SELECT" }))).toBeNull();
    expect(stepForKey(press("j", { tagName: "DIV", isContentEditable: true }))).toBeNull();
    expect(stepForKey(press("j", { tagName: "BUTTON" }))).toBe(1);
    expect(stepForKey(press("j", { tagName: "INPUT", type: "checkbox" }))).toBe(1);
    expect(stepForKey(press("j", null))).toBe(1);
    expect(stepForKey(press("j", { tagName: "DIV" }, { metaKey: true }))).toBeNull();
    expect(stepForKey(press("ArrowDown", { tagName: "DIV" }, { altKey: true }))).toBeNull();
  });

  it("treats a text input as typing and a checkbox as not", () => {
    expect(isTypingTarget({ tagName: "input" })).toBe(true);
    expect(isTypingTarget({ tagName: "INPUT", type: "radio" })).toBe(false);
  });
});

describe("positionText", () => {
  it("counts from one, marks a list with more to load, and says nothing off the list", () => {
    expect(positionText(IDS, "b", false)).toBe("2 of 3");
    expect(positionText(IDS, "c", true)).toBe("1 of 3+");
    expect(positionText(IDS, "zz", false)).toBeNull();
  });
});
