import type { FirebaseClientConfig } from "../../src/config/firebase-config";

/** A demo- project's web config: firebase-tools' emulators run such projects fully offline. */
export function demoConfig(projectId: string, emulators: { auth?: string; firestore?: string }): FirebaseClientConfig {
  return {
    apiKey: "demo-api-key",
    authDomain: `${projectId}.firebaseapp.com`,
    projectId,
    appId: "1:000000000000:web:0000000000000000",
    storageBucket: null,
    messagingSenderId: null,
    authEmulatorHost: emulators.auth ?? null,
    firestoreEmulatorHost: emulators.firestore ?? null,
  };
}
