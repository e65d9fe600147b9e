import { defineConfig } from "vitest/config";

// Tests that need the Cloud Firestore emulator. Run them with `npm run test:rules`, which finds or starts
// the emulator (scripts/firebase-emulator-tests.ts); `npm test` does not include them, so where no
// emulator exists they are reported as not run instead of being counted as passed.
export default defineConfig({
  test: {
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    projects: [
      {
        test: {
          name: "rules",
          include: ["tests/rules/**/*.test.ts"],
          environment: "node",
          testTimeout: 20_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "contract-firebase",
          include: ["tests/contract/firebase-adapter.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
