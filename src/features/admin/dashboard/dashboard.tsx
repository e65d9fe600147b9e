import * as Tabs from "@radix-ui/react-tabs";
import { Download, Loader2, LogOut } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import type { LiveState } from "../../../backend/admin-port";
import { Button } from "../../../components/ui/button";
import { TooltipProvider } from "../../../components/ui/tooltip";
import { earliestPosition, type LiveEvent, type RecordChange, type RecordsByCollection } from "../../../domain/admin";
import { LEAD_STATUSES, LEAD_TYPES, NEWSLETTER_STATUSES, type Collection } from "../../../domain/status";
import { AuditTab } from "../audit/audit-tab";
import { useAdminBackend } from "../common/use-admin-backend";
import { useNow } from "../common/use-now";
import { useStaff } from "../common/use-staff";
import { PrivacyTab } from "../privacy/privacy-tab";
import { panelTarget, withPanel, type PanelTarget } from "../record-panel/panel-url";
import { RecordPanel, type PanelList } from "../record-panel/record-panel";
import { contactColumns, leadColumns, newsletterColumns } from "../records/columns";
import { hasFilters, type Filters } from "../records/filters";
import type { RecordTableHandle } from "../records/record-table";
import { RecordsTab } from "../records/records-tab";
import { useCollection } from "../records/use-collection";
import { usePersonCounts } from "../records/use-person-counts";
import { useStatusChange } from "../records/use-status-change";
import { AssignmentSettings } from "./assignment-settings";
import { CountCards } from "./count-cards";
import { initialView, isCollection, type DashboardTab } from "./dashboard-tabs";
import { OutboxBanner } from "./outbox-banner";
import { useLiveListeners } from "./use-live-listeners";
import { useOutboxHealth } from "./use-outbox-health";
import { useStats } from "./use-stats";

const TAB_LABELS: Record<Collection, string> = { leads: "Leads & Signups", contacts: "Contact Messages", newsletter: "Newsletter" };
const tabClass =
  "-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-600 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800";

/** History entries the panel pushed: closing one goes Back, so Back and Escape agree. */
const PANEL_STATE = { panel: true } as const;
const openedByUs = (state: unknown) => typeof state === "object" && state !== null && (state as { panel?: unknown }).panel === true;

type AnyRecord = RecordsByCollection[Collection];

/** The panel's view of one tab's list. */
function usePanelList(list: { items: AnyRecord[]; nextCursor: string | null; loadMore: () => void }): PanelList {
  const { items, nextCursor, loadMore } = list;
  return useMemo(() => {
    const byId = new Map(items.map((item) => [item.id, item]));
    return { ids: items.map((item) => item.id), hasMore: nextCursor !== null, loadMore, find: (id) => byId.get(id) };
  }, [items, nextCursor, loadMore]);
}

export function Dashboard({ me }: { me?: string }) {
  const backend = useAdminBackend();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [initial] = useState(() => initialView(params));
  const [chosenTab, setTab] = useState<DashboardTab>(initial.tab);
  const [filters, setFilters] = useState<Record<Collection, Filters>>(initial.filters);
  const [live, setLive] = useState<LiveState>("connecting");
  // The record panel follows the address (?tab=leads&record=<id>); while open, its tab is the one shown.
  const target = useMemo(() => panelTarget(params), [params]);
  const tab: DashboardTab = target ? target.collection : chosenTab;
  // Lead ages ("3 min ago") and the overdue markers move on by themselves.
  const now = useNow(30_000);
  const privacy = backend?.privacy;
  const outbox = useOutboxHealth(privacy);
  const { staff, refresh: refreshStaff } = useStaff(backend);
  const staffEmails = useMemo(() => staff.map((member) => member.email), [staff]);
  const personCounts = usePersonCounts();
  const listeners = useLiveListeners();

  const leads = useCollection(backend, "leads", filters.leads, { me, onPage: personCounts.onPage });
  const contacts = useCollection(backend, "contacts", filters.contacts, { me, onPage: personCounts.onPage });
  const newsletter = useCollection(backend, "newsletter", filters.newsletter, { me, onPage: personCounts.onPage });
  const { stats, refreshSoon } = useStats(backend);

  const applyLeads = leads.applyChange;
  const applyContacts = contacts.applyChange;
  const applyNewsletter = newsletter.applyChange;
  const reloadLeads = leads.reload;
  const reloadContacts = contacts.reload;
  const reloadNewsletter = newsletter.reload;
  const countChange = personCounts.onChange;
  const emit = listeners.emit;

  /** A change this dashboard made itself: shown at once (the live stream confirms it later). */
  const applyOwn = useCallback(
    (change: RecordChange) => {
      applyLeads(change);
      applyContacts(change);
      applyNewsletter(change);
      refreshSoon();
    },
    [applyLeads, applyContacts, applyNewsletter, refreshSoon],
  );

  const apply = useCallback(
    (event: LiveEvent) => {
      if (event.op === "reload") {
        // Records were erased or purged, perhaps by another staff member: read that list again.
        ({ leads: reloadLeads, contacts: reloadContacts, newsletter: reloadNewsletter })[event.collection]();
        refreshSoon();
      } else {
        countChange(event);
        applyOwn(event);
      }
      // The open record panel re-reads what the change touched.
      emit(event);
    },
    [applyOwn, countChange, emit, reloadLeads, reloadContacts, reloadNewsletter, refreshSoon],
  );

  // The stream opens once the three lists have been read, from the earliest position they were read at,
  // so a record written between a list's read and the stream's start still arrives (see ListPage.position).
  const firstPositions = [leads.firstPosition, contacts.firstPosition, newsletter.firstPosition];
  const listsRead = firstPositions.every((position) => position !== undefined);
  const streamFrom = listsRead ? earliestPosition(firstPositions.filter((position): position is string => typeof position === "string")) : undefined;
  // Opened once: a filter change swaps the handler, not the stream (reopening would miss changes).
  const applyLatest = useRef(apply);
  useEffect(() => {
    applyLatest.current = apply;
  }, [apply]);
  useEffect(() => {
    if (!listsRead) return undefined;
    return backend?.watch((change) => applyLatest.current(change), setLive, streamFrom === undefined ? {} : { after: streamFrom });
  }, [backend, listsRead, streamFrom]);

  // This dashboard's own erasure reloads at once; the stream's reload notice tells the others.
  const afterErasure = useCallback(() => {
    reloadLeads();
    reloadContacts();
    reloadNewsletter();
    refreshSoon();
  }, [reloadLeads, reloadContacts, reloadNewsletter, refreshSoon]);

  const setStatus = useStatusChange(backend, applyOwn);
  const setFiltersFor = useCallback((collection: Collection) => (next: Filters) => setFilters((all) => ({ ...all, [collection]: next })), []);
  const leadFilters = useMemo(() => setFiltersFor("leads"), [setFiltersFor]);
  const contactFilters = useMemo(() => setFiltersFor("contacts"), [setFiltersFor]);
  const newsletterFilters = useMemo(() => setFiltersFor("newsletter"), [setFiltersFor]);
  const countOf = personCounts.countOf;
  const columns = useMemo(
    () => ({
      leads: leadColumns({ setStatus: (id, status) => setStatus("leads", id, status), now, personRecords: countOf, me }),
      contacts: contactColumns({ setStatus: (id, status) => setStatus("contacts", id, status), now, personRecords: countOf, me }),
      newsletter: newsletterColumns({ setStatus: (id, status) => setStatus("newsletter", id, status), now, personRecords: countOf, me }),
    }),
    [setStatus, now, countOf, me],
  );

  // The panel: opening pushes a history entry (Back closes it); moving within it replaces that entry.
  const leadTable = useRef<RecordTableHandle>(null);
  const contactTable = useRef<RecordTableHandle>(null);
  const newsletterTable = useRef<RecordTableHandle>(null);
  const tables = { leads: leadTable, contacts: contactTable, newsletter: newsletterTable };
  const panelState = location.state as unknown;
  const openPanel = useCallback(
    (next: PanelTarget) => {
      setTab(next.collection);
      setParams((current) => withPanel(current, next), { state: PANEL_STATE, preventScrollReset: true });
    },
    [setParams],
  );
  const movePanel = useCallback(
    (next: PanelTarget) => {
      setTab(next.collection);
      setParams((current) => withPanel(current, next), { replace: true, state: panelState, preventScrollReset: true });
    },
    [setParams, panelState],
  );
  const closePanel = useCallback(() => {
    if (openedByUs(panelState)) void navigate(-1);
    else setParams((current) => withPanel(current, null), { replace: true, preventScrollReset: true });
  }, [navigate, setParams, panelState]);
  const onPanelClosed = useCallback((closed: PanelTarget) => {
    ({ leads: leadTable, contacts: contactTable, newsletter: newsletterTable })[closed.collection].current?.focusRow(closed.id);
  }, []);
  const onPanelSaved = useCallback(
    (collection: Collection, record: AnyRecord) => applyOwn({ position: "", collection, op: "update", record } as RecordChange),
    [applyOwn],
  );
  const openLead = useCallback((record: AnyRecord) => openPanel({ collection: "leads", id: record.id }), [openPanel]);
  const openContact = useCallback((record: AnyRecord) => openPanel({ collection: "contacts", id: record.id }), [openPanel]);
  const openSubscriber = useCallback((record: AnyRecord) => openPanel({ collection: "newsletter", id: record.id }), [openPanel]);

  const panelLists = { leads: usePanelList(leads), contacts: usePanelList(contacts), newsletter: usePanelList(newsletter) };

  async function logout() {
    try {
      await backend?.signOut();
      await navigate("/");
    } catch (error) {
      console.error("Logout failed:", error);
    }
  }

  function exportCsv() {
    // With filters on the open record tab, export what that tab shows; otherwise everything. The export
    // has no owner filter (ExportFilters), so an owner-filtered tab exports its other filters' records.
    if (isCollection(tab) && hasFilters(filters[tab])) {
      const { q, status, type } = filters[tab];
      void backend?.exportCsv({ collections: [tab], q, status, type });
    } else void backend?.exportCsv({});
  }

  if (!backend || !stats || !newsletter.loaded) {
    return (
      <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 text-slate-700" role="status">
        <Loader2 aria-hidden="true" className="h-8 w-8 animate-spin text-brand-700" />
        <p>Loading dashboard...</p>
      </div>
    );
  }

  const active = (collection: Collection) => (target?.collection === collection ? target.id : null);

  return (
    <TooltipProvider>
      <div className="mx-auto max-w-7xl px-4 py-8">
        <header className="mb-6 flex flex-wrap items-center justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold">CRM Dashboard</h1>
            <p className="text-sm text-slate-600" aria-live="polite">
              {live === "live" ? "Live: new records appear as they arrive" : live === "reconnecting" ? "Reconnecting…" : "Connecting…"}
            </p>
          </div>
          <div className="flex gap-2">
            <Button variant="outline" onClick={exportCsv}>
              <Download aria-hidden="true" className="h-4 w-4" /> Export CSV
            </Button>
            <Button variant="ghost" onClick={logout}>
              <LogOut aria-hidden="true" className="h-4 w-4" /> Logout
            </Button>
          </div>
        </header>
        <OutboxBanner health={outbox.health} onRetry={outbox.retry} />
        {backend.assignment && <AssignmentSettings backend={backend} assignment={backend.assignment} me={me} staff={staff} onStaffChanged={refreshStaff} />}
        <CountCards stats={stats} />
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value as DashboardTab)} className="mt-8">
          <Tabs.List aria-label="Records" className="mb-4 flex flex-wrap gap-2 border-b border-slate-200">
            {(Object.keys(TAB_LABELS) as Collection[]).map((collection) => (
              <Tabs.Trigger key={collection} value={collection} className={tabClass}>
                {TAB_LABELS[collection]} ({stats.tabs[collection].toLocaleString("en-ZA")})
              </Tabs.Trigger>
            ))}
            {privacy && (
              <>
                <Tabs.Trigger value="privacy" className={tabClass}>
                  Privacy
                </Tabs.Trigger>
                <Tabs.Trigger value="audit" className={tabClass}>
                  Audit
                </Tabs.Trigger>
              </>
            )}
          </Tabs.List>
          <Tabs.Content value="leads">
            <RecordsTab
              backend={backend}
              collection="leads"
              filterLabel="leads"
              tableLabel="Leads"
              emptyText="No leads yet."
              filters={filters.leads}
              onFiltersChange={leadFilters}
              statuses={LEAD_STATUSES}
              types={LEAD_TYPES}
              staff={staffEmails}
              me={me}
              columns={columns.leads}
              list={leads}
              onOpen={openLead}
              activeId={active("leads")}
              tableHandle={tables.leads}
            />
          </Tabs.Content>
          <Tabs.Content value="contacts">
            <RecordsTab
              backend={backend}
              collection="contacts"
              filterLabel="contacts"
              tableLabel="Contact messages"
              emptyText="No contact messages yet."
              filters={filters.contacts}
              onFiltersChange={contactFilters}
              statuses={LEAD_STATUSES}
              staff={staffEmails}
              me={me}
              columns={columns.contacts}
              list={contacts}
              onOpen={openContact}
              activeId={active("contacts")}
              tableHandle={tables.contacts}
            />
          </Tabs.Content>
          <Tabs.Content value="newsletter">
            <RecordsTab
              backend={backend}
              collection="newsletter"
              filterLabel="subscribers"
              tableLabel="Newsletter subscribers"
              emptyText="No subscribers yet."
              filters={filters.newsletter}
              onFiltersChange={newsletterFilters}
              statuses={NEWSLETTER_STATUSES}
              staff={staffEmails}
              me={me}
              columns={columns.newsletter}
              list={newsletter}
              onOpen={openSubscriber}
              activeId={active("newsletter")}
              tableHandle={tables.newsletter}
            />
          </Tabs.Content>
          {privacy && (
            <>
              <Tabs.Content value="privacy">
                <PrivacyTab privacy={privacy} onErased={afterErasure} />
              </Tabs.Content>
              <Tabs.Content value="audit">
                <AuditTab privacy={privacy} />
              </Tabs.Content>
            </>
          )}
        </Tabs.Root>
        <RecordPanel
          backend={backend}
          target={target}
          me={me}
          staff={staffEmails}
          list={target ? panelLists[target.collection] : null}
          subscribe={listeners.subscribe}
          onNavigate={movePanel}
          onClose={closePanel}
          onSaved={onPanelSaved}
          onClosed={onPanelClosed}
        />
      </div>
    </TooltipProvider>
  );
}
