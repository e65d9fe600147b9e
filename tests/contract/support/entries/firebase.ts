import type { FirebaseClientConfig } from "../../../../src/config/firebase-config";
import { createFirebaseAdminBackend } from "../../../../src/backend/firebase/admin";
import { createFirebasePublicBackend } from "../../../../src/backend/firebase/public";
import { exposeAdapters } from "../bridge";

// Two Firebase apps: visitors' writes must not carry the staff member's sign-in, as on the real site
// where the public pages never sign in. A bulk change here takes 5 writes per transaction (two records
// and their timeline entries) rather than Firestore's 500, so the contract's few records cross the
// boundary between transactions that a real bulk change crosses at about 166 to 250 records.
exposeAdapters((config) => ({
  public: createFirebasePublicBackend(config as FirebaseClientConfig, "visitor"),
  admin: createFirebaseAdminBackend(config as FirebaseClientConfig, { appName: "staff", transactionWriteLimit: 5 }),
}));
