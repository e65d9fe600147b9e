// @ts-check
// Starts a worker thread's TypeScript entry when the server runs from its sources (tsx, vitest): a worker
// does not inherit the parent's TypeScript loader, so this plain module registers tsx's in the worker
// first. The bundle (npm start) starts the bundled .mjs entry directly and never loads this file.
import { workerData } from "node:worker_threads";

const { register } = await import("tsx/esm/api");
register();
await import(workerData.entry);
