import { COLLECTIONS, type Collection } from "../../../domain/status";
import { NO_FILTERS, type Filters } from "../records/filters";

/** The three record tabs, plus Privacy and Audit where the back end has them. */
export type DashboardTab = Collection | "privacy" | "audit";

export const isCollection = (tab: DashboardTab): tab is Collection => (COLLECTIONS as readonly string[]).includes(tab);

/**
 * The tab and search a link opens with (`?tab=leads&q=ama@example.com`, as in the new-lead alert
 * emails); anything unknown falls back to the leads tab with no search.
 */
export function initialView(params: URLSearchParams): { tab: DashboardTab; filters: Record<Collection, Filters> } {
  const requested = params.get("tab") ?? "";
  const tab: DashboardTab = ["privacy", "audit", ...COLLECTIONS].includes(requested) ? (requested as DashboardTab) : "leads";
  const filters = { leads: NO_FILTERS, contacts: NO_FILTERS, newsletter: NO_FILTERS };
  const q = params.get("q")?.trim().slice(0, 200) ?? "";
  if (q && isCollection(tab)) filters[tab] = { ...NO_FILTERS, q };
  return { tab, filters };
}
