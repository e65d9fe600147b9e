// The physical limit for a lead submission on this machine: a bare node:http server that reads the JSON
// body, parses it and runs ONE prepared better-sqlite3 insert, with the pragmas of server/db/connect.ts
// (WAL, synchronous=FULL: an fsync per commit). No framework, no validation, no idempotency, no change log.
// Usage: node bench/lib/limit-server.mjs <port> <sqlite file> [--group-commit]
// --group-commit: what a server could do instead (not the limit of the issue): the submissions that arrive
// within one event-loop turn are inserted in ONE transaction, each answered after that commit, so one fsync
// serves them all. Durability is the same (no 201 before its row is on disk).
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import Database from "better-sqlite3";

const [port, file, mode] = process.argv.slice(2);
const groupCommit = mode === "--group-commit";
const db = new Database(file);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = FULL");
db.pragma("foreign_keys = ON");
db.pragma("busy_timeout = 5000");
db.exec(
  "CREATE TABLE IF NOT EXISTS leads (id TEXT PRIMARY KEY, type TEXT NOT NULL, email TEXT NOT NULL, data TEXT NOT NULL, created_at TEXT NOT NULL)",
);
const insert = db.prepare("INSERT INTO leads (id, type, email, data, created_at) VALUES (?, ?, ?, ?, ?)");

let batch = [];
const insertBatch = db.transaction((rows) => {
  for (const row of rows) insert.run(...row.values);
});
function flush() {
  const rows = batch;
  batch = [];
  try {
    insertBatch(rows);
    for (const row of rows)
      row.response.writeHead(201, { "Content-Type": "application/json" }).end(JSON.stringify({ id: row.values[0] }));
  } catch {
    for (const row of rows) row.response.writeHead(500).end();
  }
}

createServer((request, response) => {
  if (request.method === "GET" && request.url === "/healthz") return response.end("ok");
  if (request.method !== "POST" || (request.url !== "/api/leads" && request.url !== "/api/contacts")) {
    response.statusCode = 404;
    return response.end();
  }
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      const values = [
        randomUUID(),
        String(body.type ?? "contact"),
        String(body.email),
        JSON.stringify(body),
        new Date().toISOString(),
      ];
      if (groupCommit) {
        if (batch.length === 0) setImmediate(flush);
        batch.push({ values, response });
        return;
      }
      insert.run(...values);
      response.writeHead(201, { "Content-Type": "application/json" }).end(JSON.stringify({ id: values[0] }));
    } catch {
      response.writeHead(400).end();
    }
  });
}).listen(Number(port), "127.0.0.1");
