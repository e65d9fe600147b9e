import { clientEnv, firebaseConfig } from "../config/env";
import type { AdminBackend } from "./admin-port";

let loaded: Promise<AdminBackend> | null = null;

/** The configured staff adapter, loaded only under /admin. */
export function adminBackend(): Promise<AdminBackend> {
  loaded ??= (clientEnv.backend === "firebase"
    ? import("./firebase/admin").then((module) => module.createFirebaseAdminBackend(firebaseConfig()))
    : import("./http/admin").then((module) => module.httpAdminBackend)
  ).catch((error: unknown) => {
    loaded = null;
    throw error;
  });
  return loaded;
}
