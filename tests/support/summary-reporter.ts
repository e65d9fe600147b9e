import type { Reporter, TestModule } from "vitest/node";

/** Prints one plain closing line, "tests: N passed, N failed, N skipped", that CI and people can read. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      const tests = [...module.children.allTests()];
      // A file that failed outside its tests (it did not load, or a beforeAll threw) fails every test that
      // did not pass: they never ran, so they are failures, not skips; one that did not load counts once.
      const broken = module.state() === "failed" && !tests.some((test) => test.result().state === "failed");
      for (const test of tests) {
        const state = test.result().state;
        if (state === "passed") counts.passed++;
        else if (state === "failed" || broken) counts.failed++;
        else counts.skipped++;
      }
      if (broken && tests.length === 0) counts.failed++;
    }
    process.stdout.write(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
