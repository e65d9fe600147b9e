import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { appSecretFile, resolveAppSecret } from "./app-secret";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "erf-secret-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("resolveAppSecret", () => {
  it("uses APP_SECRET when it is set and writes nothing", async () => {
    const file = join(dir, "unused", "app-secret");
    expect(resolveAppSecret({ configured: "x".repeat(32), file, logger: createLogger("silent") })).toBe("x".repeat(32));
    await expect(stat(file)).rejects.toThrow();
  });

  it("generates a secret at the first start, keeps it private, logs it, and reuses it afterwards", async () => {
    const file = join(dir, "data", "app-secret");
    const lines: string[] = [];
    const logger = createLogger("info", (line) => lines.push(line));
    const first = resolveAppSecret({ configured: null, file, logger });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(lines.some((line) => line.includes('"msg":"app-secret-generated"') && !line.includes(first))).toBe(true);
    expect(resolveAppSecret({ configured: null, file, logger })).toBe(first);
    expect((await readFile(file, "utf8")).trim()).toBe(first);
    expect(lines).toHaveLength(1);
  });

  it("refuses a kept secret that is too short", async () => {
    const file = join(dir, "short-secret");
    await writeFile(file, "short\n");
    expect(() => resolveAppSecret({ configured: null, file, logger: createLogger("silent") })).toThrow(/fewer than 32/);
  });

  it("keeps the secret next to the SQLite file, or under data/", () => {
    expect(appSecretFile("sqlite:/srv/erf/erf.sqlite")).toBe("/srv/erf/app-secret");
    expect(appSecretFile("sqlite:data/erf.sqlite")).toBe(join("data", "app-secret"));
    expect(appSecretFile("postgres://erf@db/erf")).toBe(join("data", "app-secret"));
  });
});
