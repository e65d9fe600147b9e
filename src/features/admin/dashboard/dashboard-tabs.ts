import { can, type Capability, type Role } from "../../../domain/roles";
import { COLLECTIONS, type Collection } from "../../../domain/status";
import { NO_FILTERS, type Filters } from "../records/filters";

/** The three record tabs, Insights, Privacy and Audit where the back end has them, the Team tab, and Integrations (webhooks). */
export type DashboardTab = Collection | "insights" | "privacy" | "audit" | "team" | "integrations";

/** The optional parts of the back end a tab may need (AdminBackend.privacy, .team, ...). */
export type OptionalPart = "privacy" | "assignment" | "team" | "twoFactor" | "insights" | "integrations";

/** When a tab is shown: the capability its role needs, and the optional part of the back end it uses. */
export interface TabRule {
  id: DashboardTab;
  capability: Capability;
  needs?: OptionalPart;
}

export const isCollection = (tab: DashboardTab): tab is Collection => (COLLECTIONS as readonly string[]).includes(tab);

/** The tabs this role may use on this back end, in the order given. */
export function visibleTabs<T extends TabRule>(
  tabs: readonly T[],
  role: Role,
  backend: Partial<Record<OptionalPart, unknown>>,
): T[] {
  return tabs.filter(
    (tab) => can(role, tab.capability) && (tab.needs === undefined || backend[tab.needs] !== undefined),
  );
}

/**
 * The tab and search a link opens with (`?tab=leads&q=ama@example.com`, as in the new-lead alert
 * emails); anything unknown, or a tab this account may not see, falls back to the leads tab with no search.
 */
export function initialView(
  params: URLSearchParams,
  allowed: readonly DashboardTab[],
): { tab: DashboardTab; filters: Record<Collection, Filters> } {
  const requested = params.get("tab") ?? "";
  const tab: DashboardTab = (allowed as readonly string[]).includes(requested) ? (requested as DashboardTab) : "leads";
  const filters = { leads: NO_FILTERS, contacts: NO_FILTERS, newsletter: NO_FILTERS };
  const q = params.get("q")?.trim().slice(0, 200) ?? "";
  if (q && isCollection(tab)) filters[tab] = { ...NO_FILTERS, q };
  return { tab, filters };
}
