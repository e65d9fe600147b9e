import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
  type Persistence,
} from "firebase/auth";
import { connectFirestoreEmulator, getFirestore, type Firestore } from "firebase/firestore";
import type { FirebaseClientConfig } from "../../config/firebase-config";
import { firebaseApp, splitHostPort } from "./app";

export interface AdminServices {
  auth: Auth;
  db: Firestore;
}

export interface AdminServiceOptions {
  appName?: string;
  /** Where the session is kept; the browser default survives reloads. Node tests pass inMemoryPersistence. */
  persistence?: Persistence | Persistence[];
}

const connected = new WeakSet<object>();

/**
 * Auth and the full Firestore SDK (listeners need it) for the staff pages. initializeAuth rather than
 * getAuth: getAuth also bundles the popup and redirect sign-in code, which email-and-password never uses.
 */
export function adminServices(
  config: FirebaseClientConfig,
  { appName, persistence }: AdminServiceOptions = {},
): AdminServices {
  const app = firebaseApp(config, appName);
  const auth = initializeAuth(app, {
    persistence: persistence ?? [indexedDBLocalPersistence, browserLocalPersistence],
  });
  const db = getFirestore(app);
  if (config.authEmulatorHost && !connected.has(auth)) {
    connectAuthEmulator(auth, `http://${config.authEmulatorHost}`, { disableWarnings: true });
    connected.add(auth);
  }
  if (config.firestoreEmulatorHost && !connected.has(db)) {
    const { host, port } = splitHostPort(config.firestoreEmulatorHost);
    connectFirestoreEmulator(db, host, port);
    connected.add(db);
  }
  return { auth, db };
}
