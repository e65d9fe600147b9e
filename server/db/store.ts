// The storage layer's one front door: code outside server/db imports the database only from here (lint
// refuses the modules behind it: eslint.layers.js). It is the one module of re-exports in the code base,
// against the habit of no barrel files, because a door is what it is for: the list below is everything
// the rest of the server may use of server/db, grouped by table, so a new dependency on storage shows up
// as a line added here rather than as one more deep path among many. Names are listed one by one, never
// `export *`, so nothing becomes public by accident.
//
// The modules in server/db import one another directly, never this file (that would be a cycle). These
// are plain ES module re-exports: the bundle and the module loader bind each name to its module once, so a
// call through the door costs nothing per request.

// Opening a database, its schema and its migrations.
export {
  connectBulkReader,
  connectDatabase,
  connectReader,
  isInMemoryDatabase,
  isPostgres,
  isPostgresUrl,
  parseDatabaseUrl,
} from "./connect";
export { createMigrator, migrateToLatest } from "./migrate";
export type { AdminsTable, ChangeOp, Db, OutboxTable, Tables } from "./schema";
export { pingDatabase } from "./health";

// Public submissions: the group-commit writer, idempotency keys, the form rate limit, record ids.
export { IdempotencyKeyReused, idempotencyWindowStart, SubmissionWriter } from "./submissions";
export type { GroupRows } from "./group-rows";
export { findStoredResponse, isReusedFor, purgeIdempotencyKeys, type IdempotencyScope } from "./idempotency";
export { hitRateLimit, purgeRateLimits } from "./rate-limits";
export { newRecordId } from "./record-id";

// The three collections, and what staff read and change in them.
export { contactRow, findContactById, insertContact, toContactRecord } from "./contacts";
export { findLeadById, insertLead, leadRow, toLeadRecord } from "./leads";
export {
  changeSubscriptionStatus,
  confirmSubscription,
  findSubscriptionByEmail,
  findSubscriptionById,
  insertSubscription,
  subscribeEmail,
  toNewsletterRecord,
  type NewSubscription,
} from "./newsletter";
export {
  claimConfirmation,
  closeConfirmations,
  CONFIRMATION_RESEND_MS,
  CONFIRMATION_TTL_MS,
  findOpenConfirmation,
  openConfirmation,
  unclaimableReason,
} from "./confirmations";
export { COLLECTION_SPECS, isValidStatus } from "./collections";
export { countRecords, findRecords, listRecords, type Keyset, type ListFilters } from "./record-lists";
export { changeRecords, type ChangedRecord, type RecordBefore } from "./record-update";
export { dashboardStats, medianFirstResponseMs } from "./stats";
export { readInsights, TOP_SOURCES, type InsightsRange } from "./insights";

// The lead workspace: record panels, people and their timelines, notes, owners, round-robin, settings.
export { findRecordWithConsent } from "./record-detail";
export { findPerson, personIdFor } from "./people";
export { readPersonView } from "./timeline";
export { personRecordCounts } from "./person-counts";
export { addNote, deleteNote, findNote } from "./notes";
export { findStaffAccount, isStaffEmail, listStaff, setStaffAvailable } from "./staff";
export { readSettings, saveSettings } from "./settings";
export { assignRoundRobin } from "./round-robin";
export { addBlocklistEntry, decideSpam, listBlocklist, removeBlocklistEntry, spamLookup } from "./spam";
export type { SpamResult } from "./spam-result";
export { claimRenderStamps, purgeUsedRenderStamps } from "./render-stamps";

// The change log that live streams follow.
export {
  changesAfter,
  latestPosition,
  LOG_START,
  pruneChanges,
  recordChange,
  recordRemovals,
  REMOVAL_RECORD_ID,
  type Change,
} from "./changes";

// Email: the outbox and the suppression list.
export {
  cancelPending,
  claimDueMessages,
  enqueueOutbox,
  markAttemptFailed,
  markCancelled,
  markSent,
  MAX_ATTEMPTS,
  outboxHealth,
  outboxRow,
  purgeFinishedOutbox,
  requeueFailed,
  RETRY_DELAYS_MS,
} from "./outbox";
export { isSuppressed, suppress, unsuppress } from "./suppressions";

// Privacy: consents, data-subject requests, retention, the audit log.
export { consentRow, recordConsent, type RequestContext } from "./consents";
export { eraseSubjectRows, subjectRows } from "./subjects";
export { PENDING_DAYS, purgeExpiredRecords, type PurgeCounts } from "./retention";
export { appendAudit, appendAuditEntries, listAudit, type NewAuditEntry } from "./audit";

// Staff accounts, sessions and the sign-in lockout; the team: roles, invitations, resets, two-factor.
export {
  countAdmins,
  deleteSessionsOf,
  DuplicateAdminError,
  findAdminByEmail,
  findAdminById,
  insertAdmin,
  listAdmins,
  normalizeEmail,
  recordSignIn,
  setAdminPassword,
} from "./admins";
export { changeStaffAccount, resetTwoFactor, type AccountChange, type AuditBase } from "./team";
export {
  acceptInvitation,
  createInvitation,
  findOpenInvitation,
  isOpenInvitationToken,
  purgeInvitations,
} from "./invitations";
export { findOpenReset, isOpenResetToken, purgePasswordResets, recordResetRequest, useReset } from "./password-resets";
export {
  claimTotpStep,
  disableTotp,
  enableTotp,
  setPendingTotpSecret,
  unusedRecoveryCodes,
  useRecoveryCode,
} from "./two-factor";
export { deleteSession, findSession, insertSession, purgeSessions, touchSession } from "./sessions";
export { purgeLoginThrottle, releaseAttempt, reserveAttempt } from "./login-throttle";
export {
  countWebhookEndpoints,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from "./webhook-endpoints";
export { enqueueWebhookEvents, fanOutWebhookEvents, webhookEventRow, type NewWebhookEvent } from "./webhooks";
export {
  claimDueDeliveries,
  DELIVERY_LEASE_MS,
  listWebhookAttempts,
  pruneWebhookLog,
  recordDeliveryAttempt,
  recordDeliveryAttempts,
  resendDelivery,
  sendableEndpoints,
  type DueDelivery,
  type FinishedAttempt,
} from "./webhook-deliveries";
export { createApiToken, findApiTokenByHash, listApiTokens, revokeApiToken, touchApiToken } from "./api-tokens";
