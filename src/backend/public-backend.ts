import { clientEnv, firebaseConfig } from "../config/env";
import { loadOnce } from "./load-once";
import type { PublicBackend } from "./port";

/** The configured adapter, loaded on first use so public pages ship no back-end code until a form is sent. */
export const publicBackend = loadOnce<PublicBackend>(() =>
  clientEnv.backend === "firebase"
    ? import("./firebase/public").then((module) => module.createFirebasePublicBackend(firebaseConfig()))
    : import("./http/public").then((module) => module.httpPublicBackend),
);

/**
 * Starts loading the http adapter when a visitor begins filling a form, so a submission made after the
 * network drops still reaches the adapter's retries. The Firebase adapter loads only on submit.
 */
export function warmPublicBackend(): void {
  if (clientEnv.backend === "http") void publicBackend().catch(() => undefined);
}
