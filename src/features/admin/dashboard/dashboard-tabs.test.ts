import { describe, expect, it } from "vitest";
import { NO_FILTERS } from "../records/filters";
import { initialView, visibleTabs, type DashboardTab, type TabRule } from "./dashboard-tabs";

const ALL: DashboardTab[] = ["leads", "contacts", "newsletter", "privacy", "audit", "team"];

describe("initialView", () => {
  it("opens the tab and search an alert email links to", () => {
    const view = initialView(new URLSearchParams("tab=contacts&q=naledi%40example.co.za"), ALL);
    expect(view.tab).toBe("contacts");
    expect(view.filters.contacts).toEqual({ ...NO_FILTERS, q: "naledi@example.co.za" });
    expect(view.filters.leads).toEqual(NO_FILTERS);
  });

  it("falls back to the leads tab for anything unknown", () => {
    expect(initialView(new URLSearchParams("tab=__proto__"), ALL).tab).toBe("leads");
    expect(initialView(new URLSearchParams(""), ALL).tab).toBe("leads");
    expect(initialView(new URLSearchParams("tab=audit&q=x"), ALL).filters.leads).toEqual(NO_FILTERS);
  });

  it("falls back to the leads tab for a tab this account may not see", () => {
    const sales: DashboardTab[] = ["leads", "contacts", "newsletter", "team"];
    expect(initialView(new URLSearchParams("tab=privacy"), sales).tab).toBe("leads");
    expect(initialView(new URLSearchParams("tab=team"), sales).tab).toBe("team");
    expect(initialView(new URLSearchParams("tab=audit"), ALL).tab).toBe("audit");
  });
});

describe("visibleTabs", () => {
  const rules: TabRule[] = [
    { id: "leads", capability: "records" },
    { id: "contacts", capability: "records" },
    { id: "newsletter", capability: "records" },
    { id: "privacy", capability: "privacy", needs: "privacy" },
    { id: "audit", capability: "audit", needs: "privacy" },
    { id: "team", capability: "records" },
  ];
  const ids = (tabs: TabRule[]) => tabs.map((tab) => tab.id);

  it("shows an admin every tab the back end has", () => {
    expect(ids(visibleTabs(rules, "admin", { privacy: {} }))).toEqual(ALL);
  });

  it("hides Privacy and Audit from sales, keeping the record tabs and Team", () => {
    expect(ids(visibleTabs(rules, "sales", { privacy: {} }))).toEqual(["leads", "contacts", "newsletter", "team"]);
  });

  it("hides the tabs whose part the back end leaves out (Firebase has no privacy tools)", () => {
    expect(ids(visibleTabs(rules, "admin", {}))).toEqual(["leads", "contacts", "newsletter", "team"]);
  });
});
