import { describe, expect, it } from "vitest";
import { panelTarget, sameTarget, withPanel } from "./panel-url";

describe("the panel's address", () => {
  it("opens the record a link names, on its tab", () => {
    expect(panelTarget(new URLSearchParams("tab=contacts&record=c-1"))).toEqual({ collection: "contacts", id: "c-1" });
    expect(panelTarget(new URLSearchParams("record=l-1"))).toEqual({ collection: "leads", id: "l-1" });
    expect(panelTarget(new URLSearchParams("tab=privacy&record=l-1"))).toEqual({ collection: "leads", id: "l-1" });
  });

  it("opens nothing without a usable id", () => {
    expect(panelTarget(new URLSearchParams("tab=leads"))).toBeNull();
    expect(panelTarget(new URLSearchParams("tab=leads&record=%20"))).toBeNull();
    expect(panelTarget(new URLSearchParams(`record=${"x".repeat(201)}`))).toBeNull();
  });

  it("sets and clears the record, keeping the search", () => {
    const opened = withPanel(new URLSearchParams("q=ama"), { collection: "leads", id: "l-1" });
    expect(opened.toString()).toBe("q=ama&tab=leads&record=l-1");
    expect(withPanel(opened, null).toString()).toBe("q=ama&tab=leads");
  });

  it("compares targets by collection and id", () => {
    expect(sameTarget({ collection: "leads", id: "1" }, { collection: "leads", id: "1" })).toBe(true);
    expect(sameTarget({ collection: "leads", id: "1" }, { collection: "contacts", id: "1" })).toBe(false);
    expect(sameTarget(null, null)).toBe(true);
  });
});
