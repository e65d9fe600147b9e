import type { ReactNode } from "react";
import type { AdminBackend } from "../../../backend/admin-port";
import type { DashboardStats, RecordsByCollection } from "../../../domain/admin";
import type { CurrentStaff, StaffAccount } from "../../../domain/staff";
import { LEAD_STATUSES, LEAD_TYPES, NEWSLETTER_STATUSES, type Collection } from "../../../domain/status";
import { AuditTab } from "../audit/audit-tab";
import { InsightsTab } from "../insights/insights-tab";
import { IntegrationsTab } from "../integrations/integrations-tab";
import { formatCount } from "../common/format";
import type { StaffDirectory } from "../common/staff-directory";
import { PrivacyTab } from "../privacy/privacy-tab";
import type { CardOf } from "../records/columns";
import type { Column } from "../records/record-table";
import { RecordsTab } from "../records/records-tab";
import { TeamTab } from "../team/team-tab";
import type { TabRule } from "./dashboard-tabs";
import type { PanelControl } from "./use-panel";
import type { useRecordLists } from "./use-record-lists";

/** What a tab may draw on: the back end, who is signed in, the record lists, the panel, the staff. */
export interface TabContext {
  backend: AdminBackend;
  user: CurrentStaff;
  stats: DashboardStats;
  records: ReturnType<typeof useRecordLists>;
  columns: { [C in Collection]: Column<RecordsByCollection[C]>[] };
  /** Each tab's records as cards, for narrow screens. */
  cards: { [C in Collection]: CardOf<RecordsByCollection[C]> };
  panel: PanelControl;
  /** Every staff account, and (directory) who may be given records and how owners read. */
  staff: readonly StaffAccount[];
  directory: StaffDirectory;
  /** Reads the staff list again (the live stream carries record changes only). */
  refreshStaff: () => Promise<void>;
}

export interface DashboardTabSpec extends TabRule {
  label: (context: TabContext) => string;
  render: (context: TabContext) => ReactNode;
}

/** The words of each record tab. */
interface RecordTabWords {
  label: string;
  filterLabel: string;
  tableLabel: string;
  /** No records at all. */
  emptyText: string;
  /** None matching the search and filters. */
  noMatchText: string;
  statuses: readonly string[];
  types?: readonly string[];
}

const RECORD_TABS: Record<Collection, RecordTabWords> = {
  leads: {
    label: "Leads & Signups",
    filterLabel: "leads",
    tableLabel: "Leads",
    emptyText: "No leads yet.",
    noMatchText: "No leads match your search and filters.",
    statuses: LEAD_STATUSES,
    types: LEAD_TYPES,
  },
  contacts: {
    label: "Contact Messages",
    filterLabel: "contacts",
    tableLabel: "Contact messages",
    emptyText: "No contact messages yet.",
    noMatchText: "No contact messages match your search and filters.",
    statuses: LEAD_STATUSES,
  },
  newsletter: {
    label: "Newsletter",
    filterLabel: "subscribers",
    tableLabel: "Newsletter subscribers",
    emptyText: "No subscribers yet.",
    noMatchText: "No subscribers match your search and filters.",
    statuses: NEWSLETTER_STATUSES,
  },
};

function recordTab<C extends Collection>(collection: C): DashboardTabSpec {
  const words = RECORD_TABS[collection];
  return {
    id: collection,
    capability: "records",
    label: ({ stats }) => `${words.label} (${formatCount(stats.tabs[collection])})`,
    render: ({ backend, user, records, columns, cards, panel, directory }) => (
      <RecordsTab
        backend={backend}
        collection={collection}
        filterLabel={words.filterLabel}
        tableLabel={words.tableLabel}
        emptyText={words.emptyText}
        noMatchText={words.noMatchText}
        filters={records.filters[collection]}
        onFiltersChange={records.onFilters[collection]}
        statuses={words.statuses}
        types={words.types}
        staff={directory.emails}
        assignable={directory.assignable}
        me={user.email}
        role={user.role}
        columns={columns[collection]}
        card={cards[collection]}
        list={records.lists[collection]}
        onOpen={panel.openRecord[collection]}
        onIntent={panel.readAhead[collection]}
        activeId={panel.activeId(collection)}
        tableHandle={panel.tables[collection]}
      />
    ),
  };
}

/**
 * Every tab of the dashboard, in order: what it is called, what its role must be able to do, which
 * optional part of the back end it needs, and what it shows. visibleTabs() picks this account's.
 */
export const DASHBOARD_TABS: readonly DashboardTabSpec[] = [
  recordTab("leads"),
  recordTab("contacts"),
  recordTab("newsletter"),
  {
    id: "insights",
    capability: "records",
    needs: "insights",
    label: () => "Insights",
    render: ({ backend, directory }) =>
      backend.insights && <InsightsTab read={backend.insights} staff={directory.emails} />,
  },
  {
    id: "privacy",
    capability: "privacy",
    needs: "privacy",
    label: () => "Privacy",
    render: ({ backend, records }) =>
      backend.privacy && <PrivacyTab privacy={backend.privacy} onErased={records.afterErasure} />,
  },
  {
    id: "audit",
    capability: "audit",
    needs: "privacy",
    label: () => "Audit",
    render: ({ backend }) => backend.privacy && <AuditTab privacy={backend.privacy} />,
  },
  { id: "team", capability: "records", label: () => "Team", render: (context) => <TeamTab {...context} /> },
  {
    id: "integrations",
    capability: "settings",
    needs: "integrations",
    label: () => "Integrations",
    render: ({ backend }) => backend.integrations && <IntegrationsTab integrations={backend.integrations} />,
  },
];
