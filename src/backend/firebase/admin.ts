import { BRAND } from "../../config/brand";
import type { FirebaseClientConfig } from "../../config/firebase-config";
import { csvFileName } from "../../domain/csv";
import type { AdminBackend } from "../admin-port";
import { notBuiltYet } from "../admin-port";
import { adminServices, type AdminServiceOptions } from "./admin-services";
import { authSession } from "./auth-session";
import { exportCsvChunks } from "./csv-export";
import { downloadText } from "./download";
import { listPage } from "./list";
import { watchCollections } from "./live";
import { setRecordStatus } from "./set-status";
import { dashboardStats } from "./stats";

export interface FirebaseAdminOptions extends AdminServiceOptions {
  /** How the CSV reaches the user; the browser default downloads it. */
  download?: (fileName: string, chunks: readonly string[]) => void;
  now?: () => Date;
}

/** The staff port on Firebase Auth and Firestore; firestore.rules is the only server-side guard. */
export function createFirebaseAdminBackend(config: FirebaseClientConfig, options: FirebaseAdminOptions = {}): AdminBackend {
  const { auth, db } = adminServices(config, options);
  const { download = downloadText, now = () => new Date() } = options;
  return {
    ...authSession(auth),
    stats: () => dashboardStats(db),
    list: (target, request) => listPage(db, target, request),
    setStatus: (target, id, status) => setRecordStatus(db, target, id, status),
    // WORKSPACE-TODO(firebase): the lead workspace on Firestore.
    ...notBuiltYet(),
    watch: (onChange, onState) => watchCollections(db, onChange, onState),
    async exportCsv(filters) {
      download(csvFileName(BRAND.csvPrefix, now()), await exportCsvChunks(db, filters));
    },
  };
}
