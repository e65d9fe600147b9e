import { defineConfig } from "vitest/config";

// Fast in-process tests next to the code; real-browser specs that run against a production build and
// the real server; the Firebase adapter against the Auth emulator; the back-end contract on the http
// adapter. Tests that need the Firestore emulator have their own config (vitest.emulators.config.ts,
// `npm run test:rules`), so `npm test` never counts them as passed where they could not run.
export default defineConfig({
  test: {
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    // Vitest's default is one worker fewer than the CPUs: one worker on a two-core machine. Most suites
    // wait on a database, a socket or a child process more than they compute, so two share two cores
    // well. The browser files share the two workers with the rest: each starts its own server on a free
    // port with its own database, so two may run at once, and a browser file running one at a time after
    // all the others left a core idle for most of ten minutes.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/unit/**/*.test.ts"],
          environment: "node",
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["./tests/support/build-once.ts"],
          // Its servers and CLI runs from that build (tests/support/server.ts).
          env: { TEST_SERVER_FROM_BUILD: "1" },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "firebase",
          include: ["tests/firebase/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 90_000,
        },
      },
      {
        test: {
          name: "contract",
          include: ["tests/contract/http-adapter.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
