import { describe, expect, it } from "vitest";
import { FirebaseConfigError, parseFirebaseConfig } from "./firebase-config";

const complete = {
  VITE_FIREBASE_API_KEY: "AIzaSyExample",
  VITE_FIREBASE_AUTH_DOMAIN: "erf-prod.firebaseapp.com",
  VITE_FIREBASE_PROJECT_ID: "erf-prod",
  VITE_FIREBASE_APP_ID: "1:123:web:abc",
};

describe("parseFirebaseConfig", () => {
  it("reads the required values, the optional ones as null, and the emulator hosts", () => {
    expect(parseFirebaseConfig(complete)).toEqual({
      apiKey: "AIzaSyExample",
      authDomain: "erf-prod.firebaseapp.com",
      projectId: "erf-prod",
      appId: "1:123:web:abc",
      storageBucket: null,
      messagingSenderId: null,
      authEmulatorHost: null,
      firestoreEmulatorHost: null,
    });
    expect(
      parseFirebaseConfig({ ...complete, VITE_FIREBASE_FIRESTORE_EMULATOR_HOST: "127.0.0.1:8080" })
        .firestoreEmulatorHost,
    ).toBe("127.0.0.1:8080");
  });

  it("names every missing variable in one readable error", () => {
    expect(() => parseFirebaseConfig({ VITE_FIREBASE_API_KEY: "k" })).toThrow(FirebaseConfigError);
    expect(() => parseFirebaseConfig({ VITE_FIREBASE_API_KEY: "k" })).toThrow(
      /VITE_FIREBASE_AUTH_DOMAIN is missing; VITE_FIREBASE_PROJECT_ID is missing; VITE_FIREBASE_APP_ID is missing/,
    );
  });

  it("refuses a malformed project id, auth domain or emulator host", () => {
    expect(() => parseFirebaseConfig({ ...complete, VITE_FIREBASE_PROJECT_ID: "Erf Prod" })).toThrow(
      /must not contain spaces/,
    );
    expect(() => parseFirebaseConfig({ ...complete, VITE_FIREBASE_PROJECT_ID: "ERF" })).toThrow(
      /not a Firebase project id/,
    );
    expect(() => parseFirebaseConfig({ ...complete, VITE_FIREBASE_AUTH_DOMAIN: "https://erf.web.app/" })).toThrow(
      /host name/,
    );
    expect(() => parseFirebaseConfig({ ...complete, VITE_FIREBASE_AUTH_EMULATOR_HOST: "localhost" })).toThrow(
      /host:port/,
    );
  });
});
