import { getApps, initializeApp, type FirebaseApp } from "firebase/app";
import type { FirebaseClientConfig } from "../../config/firebase-config";

/**
 * The Firebase app for this config. One per name: the public and staff adapters share the default app,
 * and tests give each adapter a name of its own so their sign-ins stay apart.
 */
export function firebaseApp(config: FirebaseClientConfig, name = "[DEFAULT]"): FirebaseApp {
  const existing = getApps().find((app) => app.name === name);
  if (existing) return existing;
  return initializeApp(
    {
      apiKey: config.apiKey,
      authDomain: config.authDomain,
      projectId: config.projectId,
      appId: config.appId,
      ...(config.storageBucket && { storageBucket: config.storageBucket }),
      ...(config.messagingSenderId && { messagingSenderId: config.messagingSenderId }),
    },
    name,
  );
}

/** "host:port" (or "[v6]:port") split for connect*Emulator. */
export function splitHostPort(hostPort: string): { host: string; port: number } {
  const at = hostPort.lastIndexOf(":");
  return { host: hostPort.slice(0, at), port: Number(hostPort.slice(at + 1)) };
}
