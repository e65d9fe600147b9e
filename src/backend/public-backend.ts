import { clientEnv, firebaseConfig } from "../config/env";
import type { PublicBackend } from "./port";

let loaded: Promise<PublicBackend> | null = null;

/** The configured adapter, loaded on first use so public pages ship no back-end code until a form is sent. */
export function publicBackend(): Promise<PublicBackend> {
  loaded ??= (clientEnv.backend === "firebase"
    ? import("./firebase/public").then((module) => module.createFirebasePublicBackend(firebaseConfig()))
    : import("./http/public").then((module) => module.httpPublicBackend)
  ).catch((error: unknown) => {
    loaded = null;
    throw error;
  });
  return loaded;
}

/**
 * Starts loading the http adapter when a visitor begins filling a form, so a submission made after the
 * network drops still reaches the adapter's retries. The Firebase adapter loads only on submit.
 */
export function warmPublicBackend(): void {
  if (clientEnv.backend === "http") void publicBackend().catch(() => undefined);
}
