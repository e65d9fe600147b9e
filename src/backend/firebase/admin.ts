import { BRAND } from "../../config/brand";
import type { FirebaseClientConfig } from "../../config/firebase-config";
import { csvFileName } from "../../domain/csv";
import type { AdminBackend } from "../admin-port";
import { accountRecovery } from "./account-recovery";
import { adminServices, type AdminServiceOptions } from "./admin-services";
import { authSession } from "./auth-session";
import { exportCsvChunks } from "./csv-export";
import { downloadText } from "./download";
import { insightsReader } from "./insights";
import { countMatching, listPage } from "./list";
import { watchCollections } from "./live";
import { addNote, deleteNote } from "./notes";
import { personReader } from "./person-view";
import { changeRecord, changeRecords, FIRESTORE_WRITE_LIMIT, type ChangeContext } from "./record-changes";
import { staffDirectory } from "./staff-directory";
import { dashboardStatsReader } from "./stats";

export interface FirebaseAdminOptions extends AdminServiceOptions {
  /** How the CSV reaches the user; the browser default downloads it. */
  download?: (fileName: string, chunks: readonly string[]) => void;
  now?: () => Date;
  /** The most writes one transaction of a bulk change takes; Firestore's limit unless a test lowers it. */
  transactionWriteLimit?: number;
}

/**
 * The staff port on Firebase Auth and Firestore; firestore.rules is the only server-side guard. No
 * `privacy` (it needs a server) and no `assignment`: round-robin runs where records arrive, and the
 * browser that stores a visitor's form is the visitor's, so the dashboard hides both. No `team` and no
 * `twoFactor` either: a browser cannot create Firebase Auth accounts for others or set their claims
 * (the project owner does, with the console and `npm run firebase:grant-admin -- --role`), and two-factor
 * is Identity Platform's TOTP MFA, enrolled outside this dashboard. `accounts` has only the password
 * reset, Firebase Auth's own email.
 */
export function createFirebaseAdminBackend(
  config: FirebaseClientConfig,
  options: FirebaseAdminOptions = {},
): AdminBackend {
  const { auth, db } = adminServices(config, options);
  const { download = downloadText, now = () => new Date(), transactionWriteLimit = FIRESTORE_WRITE_LIMIT } = options;
  const stats = dashboardStatsReader(db, now);
  const staff = staffDirectory(db, auth);
  const people = personReader(db);
  const changes: ChangeContext = { db, auth, staff, writeLimit: transactionWriteLimit, onResponded: stats.invalidate };
  return {
    ...authSession(auth),
    stats: stats.read,
    list: (target, request) => listPage(db, target, request, auth.currentUser?.email ?? null),
    countMatching: (target, request) => countMatching(db, target, request, auth.currentUser?.email ?? null),
    setStatus: (target, id, status) => changeRecord(changes, target, id, { status }),
    record: people.record,
    person: people.person,
    addNote: (target, id, body) => addNote(changes, target, id, body),
    deleteNote: (note) => deleteNote(changes, note),
    updateRecord: (target, id, change) => changeRecord(changes, target, id, change),
    bulkUpdate: (target, ids, change) => changeRecords(changes, target, ids, change),
    staff: staff.list,
    setAvailable: staff.setAvailable,
    watch: (onChange, onState) => watchCollections(db, onChange, onState),
    async exportCsv(filters) {
      download(
        csvFileName(BRAND.csvPrefix, now()),
        await exportCsvChunks(db, filters, auth.currentUser?.email ?? null),
      );
    },
    accounts: accountRecovery(auth),
    insights: insightsReader(db, () => auth.currentUser?.email ?? null),
  };
}
