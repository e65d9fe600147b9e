import { clientEnv, firebaseConfig } from "../config/env";
import type { AdminBackend } from "./admin-port";
import { loadOnce } from "./load-once";

/** The configured staff adapter, loaded only under /admin. */
export const adminBackend = loadOnce<AdminBackend>(() =>
  clientEnv.backend === "firebase"
    ? import("./firebase/admin").then((module) => module.createFirebaseAdminBackend(firebaseConfig()))
    : import("./http/admin").then((module) => module.httpAdminBackend),
);
