import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { validContact, validDemo, validNewsletter } from "../server/test-support/app";
import { signIn } from "../tests/soak/lib/http";
import { adminEnv, serverOnScratchStore } from "../tests/soak/lib/server-process";

// The third-party checks of the API description, run by CI (.ci/run):
// 1. Redocly lints the description the server generates (/api/openapi.json) with its recommended rules.
// 2. Portman turns it into a Postman collection of contract tests (status, content type, the answer's
//    JSON schema) and fuzzing variations (required fields removed, lengths past their limits), and Newman
//    runs them against a real server on a scratch SQLite database: the public routes, and the staff
//    record reads with an API token as the bearer. It must find no 5xx and no answer outside the schema.
//
//   npx tsx scripts/api-contract.ts

const BIN = fileURLToPath(new URL("../node_modules/.bin/", import.meta.url));
const ADMIN = { email: "contract.admin@erf.test", password: "contract check passphrase" };
const TIME_LIMIT_MS = 5 * 60_000;

const PUBLIC = [
  "GET /api/form-stamp",
  "POST /api/contacts",
  "POST /api/leads",
  "POST /api/newsletter",
  "GET /healthz",
  "GET /api/openapi.json",
];
const STAFF_READS = ["leads", "contacts", "newsletter"]
  .flatMap((c) => [`GET /api/admin/${c}`, `GET /api/admin/${c}/count`, `GET /api/admin/${c}/{id}`])
  .concat("GET /api/admin/export.csv");

type Operation = { security?: unknown[]; requestBody?: { content: Record<string, unknown> } };
type Document = { paths: Record<string, Record<string, Operation>>; webhooks?: unknown };

function run(command: string, args: string[], cwd?: string): number {
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env, ...(cwd && { cwd }) });
  return result.status ?? 1;
}

const { store, server } = await serverOnScratchStore("sqlite", "api_contract", {
  env: { ...adminEnv(ADMIN), RATE_LIMIT_PER_MINUTE: "100000" },
});
let failed = false;
try {
  const dir = mkdtempSync(join(tmpdir(), "erf-contract-"));
  const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as Document;
  const full = join(dir, "openapi.json");
  writeFileSync(full, JSON.stringify(document, null, 2));

  console.log("\napi-contract: redocly lint /api/openapi.json");
  if (run(join(BIN, "redocly"), ["lint", full, "--format=summary"]) !== 0) failed = true;

  // Records to read, and a token to read them with.
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<{ id: string }>);
  const ids = {
    leads: (await post("/api/leads", validDemo)).id,
    contacts: (await post("/api/contacts", validContact)).id,
    newsletter: "",
  };
  await post("/api/newsletter", validNewsletter);
  const cookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  const staffHeaders = { "Content-Type": "application/json", Origin: server.url, Cookie: cookie };
  const subscribers = (await (await fetch(`${server.url}/api/admin/newsletter`, { headers: staffHeaders })).json()) as {
    items: { id: string }[];
  };
  ids.newsletter = subscribers.items[0]?.id ?? "";
  const created = await fetch(`${server.url}/api/admin/tokens`, {
    method: "POST",
    headers: staffHeaders,
    body: JSON.stringify({ name: "contract check", scopes: ["records:read", "export"] }),
  });
  const { token } = (await created.json()) as { token: string };
  if (!token || !ids.leads || !ids.contacts || !ids.newsletter)
    throw new Error(`set-up failed: token ${Boolean(token)}, ids ${JSON.stringify(ids)}`);

  // The part of the description Portman runs: the public routes, and the staff reads as a bearer.
  const chosen = new Set([...PUBLIC, ...STAFF_READS]);
  const paths: Document["paths"] = {};
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!chosen.has(`${method.toUpperCase()} ${path}`)) continue;
      const only = path.startsWith("/api/admin/") ? { ...operation, security: [{ bearer: [] }] } : operation;
      // JSON only: the form posts without JavaScript answer with pages, which are checked in the browser tests.
      if (only.requestBody)
        only.requestBody = {
          ...only.requestBody,
          content: { "application/json": only.requestBody.content["application/json"] },
        };
      const json = only.requestBody?.content["application/json"] as
        { schema?: { oneOf?: unknown[]; properties?: Record<string, unknown> } } | undefined;
      // Portman fuzzes every branch's fields at once; the leads example is a signup, so its branch is the schema.
      if (json?.schema?.oneOf) json.schema = json.schema.oneOf[0] as typeof json.schema;
      // The honeypot takes anything on purpose: a filled one gets the same 201 as a person (a bot must not
      // learn which field gave it away), so its "at most 0 characters" is not a refusal to fuzz for.
      if (json?.schema?.properties?.website)
        json.schema.properties.website = { type: "string", description: "Leave empty" };
      (paths[path] ??= {})[method] = only;
    }
  }
  const subset = join(dir, "openapi-subset.json");
  writeFileSync(subset, JSON.stringify({ ...document, paths, webhooks: undefined }, null, 2));

  const config = {
    version: 1.0,
    tests: {
      contractTests: [
        {
          openApiOperation: "*::/*",
          statusSuccess: { enabled: true },
          contentType: { enabled: true },
          jsonBody: { enabled: true },
          schemaValidation: { enabled: true },
        },
      ],
      variationTests: ["/api/contacts", "/api/leads", "/api/newsletter"].map((path) => ({
        openApiOperation: `POST::${path}`,
        openApiResponse: "400",
        variations: [
          {
            name: "fuzz",
            fuzzing: [
              {
                requestBody: [
                  {
                    requiredFields: { enabled: true },
                    minLengthFields: { enabled: true },
                    maxLengthFields: { enabled: true },
                  },
                ],
              },
            ],
            tests: {
              contractTests: [
                { statusCode: { enabled: true, code: 400 } },
                { contentType: { enabled: true } },
                { jsonBody: { enabled: true } },
                { schemaValidation: { enabled: true } },
              ],
            },
          },
        ],
      })),
    },
    overwrites: [
      // Without the optional filters: each one narrows the list to a value Portman cannot know.
      ...["leads", "contacts", "newsletter"].flatMap((collection) => [
        {
          openApiOperation: `GET::/api/admin/${collection}/{id}`,
          overwriteRequestPathVariables: [{ key: "id", value: ids[collection as keyof typeof ids] }],
          overwriteRequestQueryParams: [{ key: "with", value: "person" }],
        },
        {
          openApiOperation: `GET::/api/admin/${collection}*`,
          overwriteRequestQueryParams: [
            "q",
            "status",
            "type",
            "owner",
            "spam",
            "source",
            "medium",
            "campaign",
            "cursor",
            "limit",
            "with",
          ].map((key) => ({ key, remove: true })),
        },
      ]),
      {
        openApiOperation: "GET::/api/admin/export.csv",
        overwriteRequestQueryParams: [
          "q",
          "status",
          "type",
          "owner",
          "spam",
          "source",
          "medium",
          "campaign",
          "collections",
          "columns",
        ].map((key) => ({ key, remove: true })),
      },
      { openApiOperation: "*::/api/admin/*", overwriteRequestSecurity: { bearer: { token } } },
      { openApiOperation: "*::/*", overwriteRequestHeaders: [{ key: "Idempotency-Key", remove: true }] },
    ],
  };
  const configFile = join(dir, "portman-config.json");
  writeFileSync(configFile, JSON.stringify(config, null, 2));

  console.log(
    `\napi-contract: Portman + Newman against ${server.url}: ${PUBLIC.length} public operations, ${STAFF_READS.length} staff reads with a bearer token`,
  );
  const collection = join(dir, "collection.json");
  // Portman writes the collection; Newman's own CLI runs it, so every request runs and any failed
  // assertion fails the check (Portman's runner stops at the first, and reports only run errors).
  if (
    run(
      join(BIN, "portman"),
      ["--local", subset, "--baseUrl", server.url, "--portmanConfigFile", configFile, "--output", collection],
      dir,
    ) !== 0
  )
    failed = true;
  const code = run(
    join(BIN, "newman"),
    [
      "run",
      collection,
      "--env-var",
      `baseUrl=${server.url}`,
      "--timeout",
      String(TIME_LIMIT_MS),
      "--timeout-request",
      "15000",
      "--reporters",
      "cli",
      "--ignore-redirects",
    ],
    dir,
  );
  if (code !== 0) failed = true;
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await server.stop("SIGTERM");
  await store.remove();
}
console.log(`\napi-contract: ${failed ? "FAILED" : "passed"}`);
process.exit(failed ? 1 : 0);
