import type { FirebaseClientConfig } from "../../../../src/config/firebase-config";
import { createFirebaseAdminBackend } from "../../../../src/backend/firebase/admin";
import { createFirebasePublicBackend } from "../../../../src/backend/firebase/public";
import { exposeAdapters } from "../bridge";

// Two Firebase apps: visitors' writes must not carry the staff member's sign-in, as on the real site
// where the public pages never sign in.
exposeAdapters((config) => ({
  public: createFirebasePublicBackend(config as FirebaseClientConfig, "visitor"),
  admin: createFirebaseAdminBackend(config as FirebaseClientConfig, { appName: "staff" }),
}));
