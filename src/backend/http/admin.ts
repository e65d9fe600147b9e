import { clientEnv } from "../../config/env";
import type { DashboardStats, ListPage, MatchCount } from "../../domain/admin";
import type { AuditPage, ErasureResult, OutboxHealth, SubjectRecords } from "../../domain/privacy";
import type {
  Note,
  PersonView,
  RecordDetail,
  RecordWithPerson,
  StaffMember,
  WorkspaceSettings,
} from "../../domain/workspace";
import type { Insights } from "../../domain/insights";
import type { BlocklistEntry } from "../../domain/spam";
import type { WebhookAttempt, WebhookEndpoint } from "../../domain/webhooks";
import type { ApiToken } from "../../domain/api-tokens";
import type { CurrentStaff, StaffAccount, TwoFactorSetup } from "../../domain/staff";
import {
  AdminApiError,
  type AccountRecovery,
  type AdminBackend,
  type AssignmentAdmin,
  type ExportFilters,
  type PrivacyAdmin,
  type SpamAdmin,
  type TeamAdmin,
  type TwoFactorAdmin,
  type IntegrationsAdmin,
} from "../admin-port";
import { openLiveStream } from "./live-stream";

const base = clientEnv.apiBase;

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    credentials: "same-origin",
    headers:
      body === undefined
        ? { Accept: "application/json" }
        : { Accept: "application/json", "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json().catch(() => null)) as ErrorPayload | null;
  if (!response.ok) throw apiError(response, payload);
  return payload as T;
}

type ErrorPayload = { error?: string; message?: string; fields?: Record<string, string> };

const apiError = (response: Response, payload: ErrorPayload | null) =>
  new AdminApiError(
    response.status,
    payload?.error ?? `http-${response.status}`,
    payload?.message ?? `Request failed (${response.status})`,
    payload?.fields,
  );

function queryString(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** Starts a download of a same-origin GET (the session cookie goes with it). */
function download(path: string) {
  const link = document.createElement("a");
  link.href = `${base}${path}`;
  link.download = "";
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves a response's body as a file, named as its Content-Disposition says (the download stays in the page). */
async function saveAs(response: Response, fallbackName: string) {
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

// The address goes in a POST body, never in a URL, where proxies, browser history and logs keep it
// (decision 0046).
const httpPrivacyAdmin: PrivacyAdmin = {
  findSubject: (email) => call<SubjectRecords>("POST", "/api/admin/subjects/lookup", { email }),
  async exportSubject(email) {
    const response = await fetch(`${base}/api/admin/subjects/export`, {
      method: "POST",
      credentials: "same-origin",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify({ email }),
    });
    if (!response.ok) throw apiError(response, (await response.json().catch(() => null)) as ErrorPayload | null);
    await saveAs(response, "subject-export.json");
  },
  eraseSubject: (email) => call<ErasureResult>("POST", "/api/admin/subjects/erase", { email }),
  auditLog: (query) => call<AuditPage>("GET", `/api/admin/audit${queryString({ ...query })}`),
  outboxHealth: () => call<OutboxHealth>("GET", "/api/admin/outbox?state=failing"),
  retryFailedEmails: async () => (await call<{ requeued: number }>("POST", "/api/admin/outbox/retry", {})).requeued,
};

const httpAssignmentAdmin: AssignmentAdmin = {
  settings: () => call<WorkspaceSettings>("GET", "/api/admin/settings"),
  saveSettings: (settings) => call<WorkspaceSettings>("PUT", "/api/admin/settings", settings),
};

const staffPath = (email: string) => `/api/admin/staff/${encodeURIComponent(email)}`;

const httpTeamAdmin: TeamAdmin = {
  invite: async (email, role) => {
    await call("POST", "/api/admin/staff/invitations", { email, role });
  },
  update: (email, change) => call<StaffAccount>("PATCH", staffPath(email), change),
  resetTwoFactor: (email) => call<StaffAccount>("POST", `${staffPath(email)}/two-factor/reset`, {}),
};

const httpTwoFactorAdmin: TwoFactorAdmin = {
  setup: ({ password, code }) =>
    call<TwoFactorSetup>("POST", "/api/auth/2fa/setup", { password, ...(code !== undefined && { code }) }),
  enable: async (code, password) =>
    (await call<{ recoveryCodes: string[] }>("POST", "/api/auth/2fa/enable", { code, password })).recoveryCodes,
  disable: async (code, password) => {
    await call("POST", "/api/auth/2fa/disable", { code, password });
  },
};

const httpAccountRecovery: AccountRecovery = {
  requestPasswordReset: async (email) => {
    await call("POST", "/api/auth/password-reset", { email });
  },
  confirmPasswordReset: async (token, password) => {
    await call("POST", "/api/auth/password-reset/confirm", { token, password });
  },
  acceptInvitation: async (token, name, password) => {
    const { email } = await call<{ email: string }>("POST", "/api/auth/invitations/accept", { token, name, password });
    return { email };
  },
};

/** The path of one record: ids and emails go into the path escaped, never as raw text. */
const recordPath = (collection: string, id: string) => `/api/admin/${collection}/${encodeURIComponent(id)}`;

const webhookPath = (id: string) => `/api/admin/webhooks/${encodeURIComponent(id)}`;

const httpIntegrationsAdmin: IntegrationsAdmin = {
  list: () => call<WebhookEndpoint[]>("GET", "/api/admin/webhooks"),
  create: (url, events) => call("POST", "/api/admin/webhooks", { url, events }),
  update: (id, change) => call<WebhookEndpoint>("PATCH", webhookPath(id), change),
  rotate: (id) => call("POST", `${webhookPath(id)}/rotate`, {}),
  // A JSON body on every write: the server's CSRF check wants it.
  remove: async (id) => {
    await call("DELETE", webhookPath(id), {});
  },
  deliveries: (id) => call<WebhookAttempt[]>("GET", `${webhookPath(id)}/deliveries`),
  resend: async (attemptId) => {
    await call("POST", `/api/admin/webhook-deliveries/${encodeURIComponent(attemptId)}/resend`, {});
  },
  tokens: () => call<ApiToken[]>("GET", "/api/admin/tokens"),
  createToken: (name, scopes, expiresAt) =>
    call("POST", "/api/admin/tokens", { name, scopes, ...(expiresAt && { expiresAt }) }),
  revokeToken: async (id) => {
    await call("DELETE", `/api/admin/tokens/${encodeURIComponent(id)}`, {});
  },
};

const httpSpamAdmin: SpamAdmin = {
  decide: (collection, id, verdict) => call("POST", `${recordPath(collection, id)}/spam`, { verdict }) as never,
  blocklist: async () => (await call<{ items: BlocklistEntry[] }>("GET", "/api/admin/spam/blocklist")).items,
  block: (entry) => call<BlocklistEntry>("POST", "/api/admin/spam/blocklist", { entry }),
  // DELETE with a JSON body: the server's CSRF check wants JSON on every write.
  unblock: async (entry) => {
    await call("DELETE", `/api/admin/spam/blocklist/${encodeURIComponent(entry)}`, {});
  },
};

export const httpAdminBackend: AdminBackend = {
  async signIn(email, password, code) {
    try {
      const user = await call<CurrentStaff>("POST", "/api/auth/login", {
        email,
        password,
        ...(code !== undefined && { code }),
      });
      return { ok: true, user };
    } catch (error) {
      if (error instanceof AdminApiError) return { ok: false, code: error.code, message: error.message };
      return { ok: false, code: "network-request-failed", message: "Could not reach the server." };
    }
  },
  async signOut() {
    await call("POST", "/api/auth/logout", {});
  },
  async currentUser() {
    try {
      return await call<CurrentStaff>("GET", "/api/auth/session");
    } catch (error) {
      if (error instanceof AdminApiError && error.status === 401) return null;
      throw error;
    }
  },
  stats: () => call<DashboardStats>("GET", "/api/admin/stats"),
  list: (collection, query) =>
    call<ListPage<typeof collection>>("GET", `/api/admin/${collection}${queryString({ ...query })}`) as never,
  countMatching: (collection, { q, status, type, owner, source, medium, campaign, spam }) =>
    call<MatchCount>(
      "GET",
      `/api/admin/${collection}/count${queryString({ q, status, type, owner, source, medium, campaign, spam })}`,
    ),
  setStatus: (collection, id, status) => call("PATCH", recordPath(collection, id), { status }) as never,
  record: (collection, id) => call<RecordDetail<typeof collection>>("GET", recordPath(collection, id)) as never,
  person: (personId) => call<PersonView>("GET", `/api/admin/people/${encodeURIComponent(personId)}`),
  recordWithPerson: (collection, id) =>
    call<RecordWithPerson<typeof collection>>("GET", `${recordPath(collection, id)}?with=person`) as never,
  addNote: (collection, id, body) => call<Note>("POST", `${recordPath(collection, id)}/notes`, { body }),
  // DELETE with a JSON body: the server's CSRF check wants JSON on every write.
  deleteNote: async (note) => {
    await call("DELETE", `/api/admin/notes/${encodeURIComponent(note.id)}`, {});
  },
  updateRecord: (collection, id, change) => call("PATCH", recordPath(collection, id), change) as never,
  bulkUpdate: async (collection, ids, change) =>
    (await call<{ updated: number }>("POST", `/api/admin/${collection}/bulk`, { ids, ...change })).updated,
  staff: () => call<StaffAccount[]>("GET", "/api/admin/staff"),
  setAvailable: (email, available) =>
    call<StaffMember>("PATCH", `/api/admin/staff/${encodeURIComponent(email)}`, { available }),
  watch(onChange, onState, options) {
    return openLiveStream({
      url: (after) => `${base}/api/admin/events${after === undefined ? "" : `?after=${encodeURIComponent(after)}`}`,
      onChange,
      onState,
      after: options?.after,
    });
  },
  async exportCsv(filters: ExportFilters) {
    download(`/api/admin/export.csv${queryString({ ...filters, collections: filters.collections?.join(",") })}`);
  },
  privacy: httpPrivacyAdmin,
  assignment: httpAssignmentAdmin,
  team: httpTeamAdmin,
  twoFactor: httpTwoFactorAdmin,
  spam: httpSpamAdmin,
  integrations: httpIntegrationsAdmin,
  insights: ({ from, to, owner }) => call<Insights>("GET", `/api/admin/insights${queryString({ from, to, owner })}`),
  accounts: httpAccountRecovery,
};
