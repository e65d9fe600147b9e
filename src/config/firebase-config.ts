// The Firebase web config (VITE_FIREBASE_*), checked by hand: this file is in the client bundle, so no zod.
// src/config/env.ts calls it at start-up; scripts/firebase-build.ts calls it before building.

export interface FirebaseClientConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string;
  storageBucket: string | null;
  messagingSenderId: string | null;
  /** "host:port" of the Auth emulator, for local and test builds only. */
  authEmulatorHost: string | null;
  /** "host:port" of the Firestore emulator, for local and test builds only. */
  firestoreEmulatorHost: string | null;
}

export type FirebaseEnv = Partial<Record<string, string | undefined>>;

export class FirebaseConfigError extends Error {
  override name = "FirebaseConfigError";
}

const REQUIRED = {
  apiKey: "VITE_FIREBASE_API_KEY",
  authDomain: "VITE_FIREBASE_AUTH_DOMAIN",
  projectId: "VITE_FIREBASE_PROJECT_ID",
  appId: "VITE_FIREBASE_APP_ID",
} as const;

// Google's rule for project ids: 6 to 30 lowercase letters, digits or hyphens, starting with a letter.
const PROJECT_ID = /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/;
const HOST_NAME = /^[A-Za-z0-9.-]+(:\d{1,5})?$/;
const HOST_PORT = /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):\d{1,5}$/;
const NO_SPACE = /^\S+$/;

const clean = (value: string | undefined) => (value ?? "").trim();

/** The validated config, or a FirebaseConfigError that names every missing or malformed variable. */
export function parseFirebaseConfig(env: FirebaseEnv): FirebaseClientConfig {
  const problems: string[] = [];
  const required = {} as Record<keyof typeof REQUIRED, string>;
  for (const [key, name] of Object.entries(REQUIRED) as [keyof typeof REQUIRED, string][]) {
    const value = clean(env[name]);
    if (!value) problems.push(`${name} is missing`);
    else if (!NO_SPACE.test(value)) problems.push(`${name} must not contain spaces`);
    required[key] = value;
  }
  if (required.projectId && !PROJECT_ID.test(required.projectId)) {
    problems.push(
      `VITE_FIREBASE_PROJECT_ID "${required.projectId}" is not a Firebase project id (6-30 lowercase letters, digits, hyphens)`,
    );
  }
  if (required.authDomain && !HOST_NAME.test(required.authDomain)) {
    problems.push(
      `VITE_FIREBASE_AUTH_DOMAIN must be a host name such as my-project.firebaseapp.com, got "${required.authDomain}"`,
    );
  }
  const emulator = (name: string) => {
    const value = clean(env[name]);
    if (value && !HOST_PORT.test(value))
      problems.push(`${name} must be host:port (e.g. 127.0.0.1:8080), got "${value}"`);
    return value || null;
  };
  const authEmulatorHost = emulator("VITE_FIREBASE_AUTH_EMULATOR_HOST");
  const firestoreEmulatorHost = emulator("VITE_FIREBASE_FIRESTORE_EMULATOR_HOST");
  if (problems.length > 0) {
    throw new FirebaseConfigError(
      `VITE_BACKEND=firebase needs the Firebase web config: ${problems.join("; ")}. ` +
        "Copy the values from the Firebase console (Project settings > General > Your apps > SDK setup and configuration).",
    );
  }
  return {
    ...required,
    storageBucket: clean(env.VITE_FIREBASE_STORAGE_BUCKET) || null,
    messagingSenderId: clean(env.VITE_FIREBASE_MESSAGING_SENDER_ID) || null,
    authEmulatorHost,
    firestoreEmulatorHost,
  };
}
