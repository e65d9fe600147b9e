// `npm run test:rules`: the tests that need the Cloud Firestore emulator (tests/rules: firestore.rules;
// tests/contract/firebase-adapter.test.ts: the back-end contract on the Firebase adapter). They are not
// part of `npm test`. Uses FIRESTORE_EMULATOR_HOST when set (e.g. under
// `npx firebase emulators:exec --only firestore,auth "npm run test:rules"`), otherwise starts an installed
// emulator itself; where there is none it says plainly that the tests were NOT run, and exits 0.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import {
  findFirestoreEmulator,
  startFirestoreEmulator,
  type RunningFirestoreEmulator,
} from "./firebase-firestore-emulator.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const vitest = fileURLToPath(new URL("../node_modules/vitest/vitest.mjs", import.meta.url));

let emulator: RunningFirestoreEmulator | null = null;
let host = process.env.FIRESTORE_EMULATOR_HOST || null;
if (host) {
  console.log(`test:rules: using the Firestore emulator at FIRESTORE_EMULATOR_HOST=${host}`);
} else {
  const found = findFirestoreEmulator();
  if (!found.found) {
    console.log(
      `test:rules: NOT RUN. The Firestore rules tests and the Firebase contract tests were NOT run: ${found.reason}.`,
    );
    console.log(
      'test:rules: see README, "Deploy on Firebase", for where to run them. Nothing was tested; this is not a pass.',
    );
    process.exit(0);
  }
  console.log(`test:rules: starting the Firestore emulator from ${found.launcher.source}`);
  emulator = await startFirestoreEmulator(found.launcher);
  host = emulator.host;
  // Interrupted (Ctrl-C, a CI time-out): stop the emulator we started rather than leave Java running.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void emulator?.stop().finally(() => process.exit(130)));
  }
}

let status = 1;
try {
  const child = spawn(
    process.execPath,
    [vitest, "run", "--config", "vitest.emulators.config.ts", ...process.argv.slice(2)],
    {
      cwd: root,
      env: { ...process.env, FIRESTORE_EMULATOR_HOST: host },
      stdio: "inherit",
    },
  );
  status = await new Promise<number>((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
} finally {
  await emulator?.stop();
}
process.exit(status);
