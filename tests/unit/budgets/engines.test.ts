import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

// package.json's `engines` is a promise to whoever runs the server: every package the server needs at run
// time (not the build's and tests' tools) must run on the oldest Node.js it names, and on the current LTS,
// which CI also runs the unit project on (scripts/test-node-lts.sh).

interface LockEntry {
  dev?: boolean;
  engines?: { node?: string } | string[];
}

const manifest = JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string } };
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: Record<string, LockEntry> };
const CURRENT_LTS = "24.0.0";

/** Runtime packages whose own `engines.node` refuses a Node.js version ours allows. */
function refusing(nodeVersion: string): string[] {
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path !== "" && entry.dev !== true)
    .flatMap(([path, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      return range && !semver.satisfies(nodeVersion, range)
        ? [`${path.replace(/^.*node_modules\//, "")} wants node ${range}`]
        : [];
    });
}

describe("engines", () => {
  const oldest = semver.minVersion(manifest.engines.node)!.version;

  it(`no runtime dependency needs a newer Node.js than ${oldest}, the oldest engines allows`, () => {
    expect(refusing(oldest)).toEqual([]);
  });

  it(`every runtime dependency runs on the current LTS (${CURRENT_LTS})`, () => {
    expect(semver.satisfies(CURRENT_LTS, manifest.engines.node)).toBe(true);
    expect(refusing(CURRENT_LTS)).toEqual([]);
  });

  it("would see a runtime dependency that wants more than engines allows", () => {
    // Runtime packages ask for Node 14, 18 or 20 and newer: at Node 10 the check must name them, so it can fail.
    expect(refusing("10.0.0").length).toBeGreaterThan(0);
  });
});
