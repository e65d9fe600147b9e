import { createRequire } from "node:module";

/** Where better-sqlite3 is installed, resolved here so the worker threads load the same copy as this one. */
export const SQLITE_PATH = createRequire(import.meta.url).resolve("better-sqlite3");
