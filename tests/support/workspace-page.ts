import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import type { RunningServer } from "./server";

// The lead workspace as the browser suites see it: the leads they submit, and where the tables, the
// record panel and its timeline are on the page. While the panel is open, the page behind it is hidden
// from assistive tech, and so from role queries.

export interface WorkspaceLead {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  companyName: string;
  organizationType: string;
  propertyCount: string;
  jobTitle: string;
  challenges: string;
}

/** Five demo requests, oldest first. */
export const LEADS: WorkspaceLead[] = ["Ama", "Bongani", "Chloe", "Dumisani", "Esther"].map((firstName, index) => ({
  firstName,
  lastName: "Workspace",
  email: `${firstName.toLowerCase()}.workspace@example.co.za`,
  phone: `082 555 010${index}`,
  companyName: `${firstName} Lettings`,
  organizationType: "investor",
  propertyCount: "11-50",
  jobTitle: "Director",
  challenges: `Late rent from ${index + 3} tenants\nand too many spreadsheets.`,
}));
/** Newest first, as the table lists them. */
export const NEWEST_FIRST = [...LEADS].reverse();

/** A public form's POST, as a visitor's browser sends it; expects the 201. */
export async function postForm(server: RunningServer, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${server.apiUrl}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.apiUrl },
    body: JSON.stringify(body),
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(201);
}

/** The five leads, each sent through the demo request form's API. */
export async function submitLeads(server: RunningServer): Promise<void> {
  for (const lead of LEADS)
    await postForm(server, "/api/leads", { type: "demo", ...lead, sourcePath: "/request-demo" });
}

export const leadsTable = (target: Page) => target.getByRole("region", { name: "Leads" });
export const rowOf = (target: Page, email: string) =>
  leadsTable(target).locator("tbody tr[data-id]", { hasText: email });
export const panel = (target: Page) => target.getByRole("dialog");
export const recordParam = (target: Page) => new URL(target.url()).searchParams.get("record");
export const timeline = (target: Page) => panel(target).getByRole("list", { name: "Timeline entries" });

/** Opens a lead's panel by clicking its row (on the company cell, not a control) and waits for its timeline. */
export async function openByClick(target: Page, email: string): Promise<Locator> {
  await rowOf(target, email).getByRole("cell").nth(3).click();
  await timeline(target).waitFor();
  return panel(target);
}

/**
 * Chooses `status` with the mouse from a status menu: a row's ("Status of ama@…") or the panel's
 * (/^Status:/), each a button named with the status it has now.
 */
export async function chooseStatus(scope: Page | Locator, button: string | RegExp, status: string): Promise<void> {
  await scope.getByRole("button", { name: button }).click();
  await scope.getByRole("menuitemradio", { name: status, exact: true }).click();
}

/** Closes the panel with Escape and waits until it is gone. */
export async function closePanel(target: Page): Promise<void> {
  await target.keyboard.press("Escape");
  await panel(target).waitFor({ state: "detached" });
}
