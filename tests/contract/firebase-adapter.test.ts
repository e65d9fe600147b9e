import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "../support/browser";
import { demoConfig } from "../firebase/demo-config";
import { createAuthUser, startAuthEmulator, type RunningAuthEmulator } from "../firebase/emulators/auth-emulator";
import { runGrantAdmin } from "../firebase/emulators/grant-admin";
import { backendContract } from "./backend-contract";
import { openAdapterPage } from "./support/adapter-page";
import { buildContractBundles } from "./support/bundle";
import { serveContractPage } from "./support/contract-assets";
import { clearDocuments, loadRules } from "./support/firestore-emulator-rest";

// The contract on the Firebase adapter, in Chromium, against the Firestore emulator (FIRESTORE_EMULATOR_HOST,
// set by `npm run test:rules`) holding the real firestore.rules, and the Auth emulator with a staff
// account made staff by the real grant-admin script.

const PROJECT = "demo-erf-contract";
const STAFF = { email: "staff@erf.test", password: "correct horse battery staple" };
let browser: Browser;
let bundleDir: string;
let auth: RunningAuthEmulator | null = null;

beforeAll(async () => {
  [browser, bundleDir] = await Promise.all([launchBrowser(), buildContractBundles()]);
});
afterAll(async () => {
  await browser?.close();
  await auth?.stop();
});

backendContract("firebase adapter (Firestore and Auth emulators)", async () => {
  const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST;
  if (!firestoreHost) throw new Error("FIRESTORE_EMULATOR_HOST is not set: run this file with `npm run test:rules`");
  auth = await startAuthEmulator(PROJECT);
  await Promise.all([loadRules(firestoreHost, PROJECT), clearDocuments(firestoreHost, PROJECT), createAuthUser(auth.host, STAFF.email, STAFF.password)]);
  const granted = runGrantAdmin(["--email", STAFF.email], { authHost: auth.host, projectId: PROJECT });
  if (granted.status !== 0) throw new Error(`grant-admin failed: ${granted.output}`);
  // A loopback origin is a secure context (crypto.subtle) and may call the loopback emulators.
  const pageServer = await serveContractPage("firebase", bundleDir);
  return openAdapterPage(browser, {
    origin: pageServer.origin,
    routePage: false,
    close: pageServer.close,
    bundleDir,
    entry: "firebase",
    config: demoConfig(PROJECT, { auth: auth.host, firestore: firestoreHost }),
    staff: STAFF,
  });
});
