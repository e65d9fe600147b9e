import { describe, expect, it } from "vitest";
import { NO_FILTERS } from "../records/filters";
import { initialView } from "./dashboard-tabs";

describe("initialView", () => {
  it("opens the tab and search an alert email links to", () => {
    const view = initialView(new URLSearchParams("tab=contacts&q=naledi%40example.co.za"));
    expect(view.tab).toBe("contacts");
    expect(view.filters.contacts).toEqual({ ...NO_FILTERS, q: "naledi@example.co.za" });
    expect(view.filters.leads).toEqual(NO_FILTERS);
  });

  it("falls back to the leads tab for anything unknown", () => {
    expect(initialView(new URLSearchParams("tab=__proto__")).tab).toBe("leads");
    expect(initialView(new URLSearchParams("")).tab).toBe("leads");
    expect(initialView(new URLSearchParams("tab=audit&q=x")).filters.leads).toEqual(NO_FILTERS);
  });
});
