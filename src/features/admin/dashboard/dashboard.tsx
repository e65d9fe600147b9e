import * as Tabs from "@radix-ui/react-tabs";
import { Download, Loader2, LogOut } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { LiveState } from "../../../backend/admin-port";
import { Button } from "../../../components/ui/button";
import { TooltipProvider } from "../../../components/ui/tooltip";
import { earliestPosition, type LiveEvent } from "../../../domain/admin";
import { LEAD_STATUSES, LEAD_TYPES, NEWSLETTER_STATUSES, type Collection } from "../../../domain/status";
import { AuditTab } from "../audit/audit-tab";
import { useAdminBackend } from "../common/use-admin-backend";
import { useNow } from "../common/use-now";
import { PrivacyTab } from "../privacy/privacy-tab";
import { contactColumns, leadColumns, newsletterColumns } from "../records/columns";
import { FilterBar } from "../records/filter-bar";
import { hasFilters, type Filters } from "../records/filters";
import { RecordTable } from "../records/record-table";
import { useCollection } from "../records/use-collection";
import { useStatusChange } from "../records/use-status-change";
import { CountCards } from "./count-cards";
import { initialView, isCollection, type DashboardTab } from "./dashboard-tabs";
import { OutboxBanner } from "./outbox-banner";
import { useOutboxHealth } from "./use-outbox-health";
import { useStats } from "./use-stats";

const TAB_LABELS: Record<Collection, string> = { leads: "Leads & Signups", contacts: "Contact Messages", newsletter: "Newsletter" };
const tabClass =
  "-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-600 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800";

export function Dashboard() {
  const backend = useAdminBackend();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [initial] = useState(() => initialView(params));
  const [tab, setTab] = useState<DashboardTab>(initial.tab);
  const [filters, setFilters] = useState<Record<Collection, Filters>>(initial.filters);
  const [live, setLive] = useState<LiveState>("connecting");
  // Lead ages ("3 min ago") and the overdue markers move on by themselves.
  const now = useNow(30_000);
  const privacy = backend?.privacy;
  const outbox = useOutboxHealth(privacy);

  const leads = useCollection(backend, "leads", filters.leads);
  const contacts = useCollection(backend, "contacts", filters.contacts);
  const newsletter = useCollection(backend, "newsletter", filters.newsletter);
  const { stats, refreshSoon } = useStats(backend);

  const applyLeads = leads.applyChange;
  const applyContacts = contacts.applyChange;
  const applyNewsletter = newsletter.applyChange;
  const reloadLeads = leads.reload;
  const reloadContacts = contacts.reload;
  const reloadNewsletter = newsletter.reload;
  const apply = useCallback(
    (event: LiveEvent) => {
      if (event.op === "reload") {
        // Records were erased or purged, perhaps by another staff member: read that list again.
        ({ leads: reloadLeads, contacts: reloadContacts, newsletter: reloadNewsletter })[event.collection]();
      } else {
        applyLeads(event);
        applyContacts(event);
        applyNewsletter(event);
      }
      refreshSoon();
    },
    [applyLeads, applyContacts, applyNewsletter, reloadLeads, reloadContacts, reloadNewsletter, refreshSoon],
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

  const setStatus = useStatusChange(backend, apply);
  const setFiltersFor = useCallback((collection: Collection) => (next: Filters) => setFilters((all) => ({ ...all, [collection]: next })), []);
  const leadFilters = useMemo(() => setFiltersFor("leads"), [setFiltersFor]);
  const contactFilters = useMemo(() => setFiltersFor("contacts"), [setFiltersFor]);
  const newsletterFilters = useMemo(() => setFiltersFor("newsletter"), [setFiltersFor]);
  const columns = useMemo(
    () => ({
      leads: leadColumns((id, status) => setStatus("leads", id, status), now),
      contacts: contactColumns((id, status) => setStatus("contacts", id, status), now),
      newsletter: newsletterColumns((id, status) => setStatus("newsletter", id, status)),
    }),
    [setStatus, now],
  );

  async function logout() {
    try {
      await backend?.signOut();
      await navigate("/");
    } catch (error) {
      console.error("Logout failed:", error);
    }
  }

  function exportCsv() {
    // With filters on the open record tab, export exactly what that tab shows; otherwise everything.
    if (isCollection(tab) && hasFilters(filters[tab])) void backend?.exportCsv({ collections: [tab], ...filters[tab] });
    else void backend?.exportCsv({});
  }

  if (!backend || !stats || !newsletter.loaded) {
    return (
      <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 text-slate-700" role="status">
        <Loader2 aria-hidden="true" className="h-8 w-8 animate-spin text-brand-700" />
        <p>Loading dashboard...</p>
      </div>
    );
  }

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
            <FilterBar label="leads" filters={filters.leads} onChange={leadFilters} statuses={LEAD_STATUSES} types={LEAD_TYPES} />
            <RecordTable label="Leads" columns={columns.leads} records={leads.items} hasMore={Boolean(leads.nextCursor)} loadingMore={leads.loadingMore} onNeedMore={leads.loadMore} emptyText={leads.error ?? "No leads yet."} />
          </Tabs.Content>
          <Tabs.Content value="contacts">
            <FilterBar label="contacts" filters={filters.contacts} onChange={contactFilters} statuses={LEAD_STATUSES} />
            <RecordTable label="Contact messages" columns={columns.contacts} records={contacts.items} hasMore={Boolean(contacts.nextCursor)} loadingMore={contacts.loadingMore} onNeedMore={contacts.loadMore} emptyText={contacts.error ?? "No contact messages yet."} />
          </Tabs.Content>
          <Tabs.Content value="newsletter">
            <FilterBar label="subscribers" filters={filters.newsletter} onChange={newsletterFilters} statuses={NEWSLETTER_STATUSES} />
            <RecordTable label="Newsletter subscribers" columns={columns.newsletter} records={newsletter.items} hasMore={Boolean(newsletter.nextCursor)} loadingMore={newsletter.loadingMore} onNeedMore={newsletter.loadMore} emptyText={newsletter.error ?? "No subscribers yet."} />
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
      </div>
    </TooltipProvider>
  );
}
