import * as Tabs from "@radix-ui/react-tabs";
import { Loader2 } from "lucide-react";
import { useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { TooltipProvider } from "../../../components/ui/tooltip";
import { can } from "../../../domain/roles";
import type { CurrentStaff } from "../../../domain/staff";
import type { Collection } from "../../../domain/status";
import { useAdminBackend } from "../common/use-admin-backend";
import { useNow } from "../common/use-now";
import { OwnerNamesProvider } from "../common/owner-names";
import { staffDirectory } from "../common/staff-directory";
import { useStaff } from "../common/use-staff";
import { createPanelStore } from "../record-panel/panel-store";
import { RecordPanel } from "../record-panel/record-panel";
import {
  contactCard,
  contactColumns,
  leadCard,
  leadColumns,
  newsletterCard,
  newsletterColumns,
} from "../records/columns";
import { exportFilters } from "../records/filters";
import { useStatusChange } from "../records/use-status-change";
import { AssignmentSettings } from "./assignment-settings";
import { CountCards } from "./count-cards";
import { DashboardHeader } from "./dashboard-header";
import { initialView, isCollection, visibleTabs, type DashboardTab } from "./dashboard-tabs";
import { OutboxBanner } from "./outbox-banner";
import { DASHBOARD_TABS, type TabContext } from "./tab-config";
import { usePanel } from "./use-panel";
import { useRecordLists } from "./use-record-lists";
import { useOutboxHealth } from "./use-outbox-health";

// On a phone the tabs scroll sideways in one line rather than wrap onto three.
const tabClass =
  "shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-semibold whitespace-nowrap text-slate-600 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800 sm:-mb-px sm:px-4";

export function Dashboard({ user }: { user: CurrentStaff }) {
  const me = user.email;
  const backend = useAdminBackend();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The tabs this account's role may use on this back end (a sales rep has no Privacy or Audit).
  const tabs = useMemo(() => (backend ? visibleTabs(DASHBOARD_TABS, user.role, backend) : []), [backend, user.role]);
  const [initial] = useState(() =>
    initialView(
      params,
      DASHBOARD_TABS.filter((spec) => can(user.role, spec.capability)).map((spec) => spec.id),
    ),
  );
  const [chosenTab, setTab] = useState<DashboardTab>(initial.tab);
  // Lead ages ("3 min ago") and the overdue markers move on by themselves.
  const now = useNow(30_000);
  const outbox = useOutboxHealth(can(user.role, "privacy") ? backend?.privacy : undefined);
  const { staff, refresh: refreshStaff } = useStaff(backend);
  const directory = useMemo(() => staffDirectory(staff), [staff]);
  const records = useRecordLists(backend, me, initial.filters);
  const panelStore = useMemo(() => (backend ? createPanelStore(backend) : null), [backend]);
  const panel = usePanel(records.lists, setTab, records.applyOwn, panelStore);
  // While the panel is open, its record's tab is the one shown; a tab this back end lacks shows leads.
  const tab: DashboardTab = panel.target
    ? panel.target.collection
    : tabs.some((spec) => spec.id === chosenTab)
      ? chosenTab
      : "leads";

  const setStatus = useStatusChange(backend, records.applyOwn);
  const { countOf, filters, lists, stats } = records;
  const { columns, cards } = useMemo(() => {
    const context = (collection: Collection) => ({
      setStatus: (id: string, status: string) => setStatus(collection, id, status),
      now,
      personRecords: countOf,
      me,
    });
    return {
      columns: {
        leads: leadColumns(context("leads")),
        contacts: contactColumns(context("contacts")),
        newsletter: newsletterColumns(context("newsletter")),
      },
      cards: {
        leads: leadCard(context("leads")),
        contacts: contactCard(context("contacts")),
        newsletter: newsletterCard(context("newsletter")),
      },
    };
  }, [setStatus, now, countOf, me]);

  async function logout() {
    try {
      await backend?.signOut();
      await navigate("/");
    } catch (error) {
      console.error("Logout failed:", error);
    }
  }

  function exportCsv(extended: boolean) {
    // With filters on the open record tab, export what that tab shows (exportFilters); otherwise everything.
    const chosen = isCollection(tab) ? exportFilters(tab, filters[tab]) : {};
    void backend?.exportCsv({ ...chosen, ...(extended && { columns: "extended" as const }) });
  }

  if (!backend || !panelStore || !stats || !lists.newsletter.loaded) {
    return (
      <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 text-slate-700" role="status">
        <Loader2 aria-hidden="true" className="h-8 w-8 animate-spin text-brand-700" />
        <p>Loading dashboard...</p>
      </div>
    );
  }

  const context: TabContext = { backend, user, stats, records, columns, cards, panel, staff, directory, refreshStaff };
  return (
    <TooltipProvider>
      <OwnerNamesProvider ownerName={directory.ownerName}>
        <div className="mx-auto max-w-7xl px-4 py-4 sm:py-8">
          <DashboardHeader
            user={user}
            twoFactorHere={Boolean(backend.twoFactor)}
            live={records.live}
            onExport={exportCsv}
            onLogout={logout}
          />
          <OutboxBanner health={outbox.health} onRetry={outbox.retry} />
          {backend.assignment && (
            <AssignmentSettings
              backend={backend}
              assignment={backend.assignment}
              me={me}
              staff={staff}
              canChangeSettings={can(user.role, "settings")}
              onStaffChanged={refreshStaff}
            />
          )}
          <CountCards stats={stats} />
          <Tabs.Root value={tab} onValueChange={(value) => setTab(value as DashboardTab)} className="mt-4 sm:mt-8">
            <Tabs.List
              aria-label="Dashboard sections"
              className="mb-3 flex gap-x-1 overflow-x-auto border-b border-slate-200 sm:mb-4 sm:flex-wrap sm:gap-2 sm:overflow-visible"
            >
              {tabs.map((spec) => (
                <Tabs.Trigger key={spec.id} value={spec.id} className={tabClass}>
                  {spec.label(context)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {tabs.map((spec) => (
              <Tabs.Content key={spec.id} value={spec.id}>
                {spec.render(context)}
              </Tabs.Content>
            ))}
          </Tabs.Root>
          <RecordPanel
            backend={backend}
            store={panelStore}
            target={panel.target}
            me={me}
            staff={directory.assignable}
            list={panel.list}
            subscribe={records.subscribe}
            onNavigate={panel.move}
            onClose={panel.close}
            onSaved={panel.onSaved}
            onClosed={panel.onClosed}
          />
        </div>
      </OwnerNamesProvider>
    </TooltipProvider>
  );
}
