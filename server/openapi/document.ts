import type { Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import type { OpenAPIV3_1 } from "openapi-types";
import { z } from "zod";
import { BRAND } from "../../src/config/brand";
import { COLLECTIONS } from "../../src/domain/status";
import { WEBHOOK_EVENTS, type WebhookEvent } from "../../src/domain/webhooks";
import { SESSION_COOKIE_NAME } from "../auth/session-cookie";
import { errorBody } from "./answers";
import { REFUSALS, type Tag } from "./describe";
import { RECORD_NAMES, RECORD_SCHEMAS } from "./record-schemas";
import { ROUTE_NOTES } from "./route-notes";

// The API description (OpenAPI 3.1): generated from the app's own routes and the describe() entries
// beside their handlers, with the shared parts (the error body, the records, the security schemes and the
// webhooks) added here. Served at /api/openapi.json; `npm run openapi` writes it to a file.

const schemaOf = (schema: z.ZodType) => {
  const json = z.toJSONSchema(schema, { unrepresentable: "any" }) as OpenAPIV3_1.SchemaObject & { $schema?: string };
  delete json.$schema;
  return json;
};

const TAGS: Record<Tag, string> = {
  Forms: "The site's public forms: contact, signup and demo requests, the newsletter",
  Subscriptions: "Confirming and ending newsletter subscriptions, with the signed links from the emails",
  Health: "The server itself: health, and this description",
  Auth: "Staff sign-in, sessions, two-factor, password resets and invitations",
  Records: "Leads, contacts and subscribers: lists, counts, detail, changes and the CSV export",
  Notes: "Staff notes on records",
  People: "Everyone with the same email, across collections, with their timeline",
  Dashboard: "The dashboard's counts, charts and live changes",
  Privacy: "Data subjects, the audit log and the mail outbox",
  Staff: "Staff accounts and invitations",
  Settings: "Workspace settings and the spam blocklist",
  Integrations: "Webhook endpoints, their delivery logs, and API tokens",
};

const ref = (name: string): OpenAPIV3_1.ReferenceObject => ({ $ref: `#/components/schemas/${name}` });

/** Which records each event's `data` can be. */
const EVENT_RECORDS: Record<WebhookEvent, readonly (keyof typeof RECORD_NAMES)[]> = {
  "contact.created": ["contacts"],
  "lead.created": ["leads"],
  "newsletter.subscribed": ["newsletter"],
  "newsletter.unsubscribed": ["newsletter"],
  "record.status_changed": COLLECTIONS,
  "record.assigned": ["leads", "contacts"],
  "note.created": COLLECTIONS,
};

function webhooks(): Record<string, OpenAPIV3_1.PathItemObject> {
  return Object.fromEntries<OpenAPIV3_1.PathItemObject>(
    WEBHOOK_EVENTS.map((event) => {
      const records = EVENT_RECORDS[event].map((collection) => ref(RECORD_NAMES[collection]));
      const body: OpenAPIV3_1.SchemaObject = {
        type: "object",
        required: ["type", "timestamp", "data"],
        properties: {
          type: { type: "string", const: event },
          timestamp: { type: "string", format: "date-time" },
          data: records.length === 1 ? records[0]! : { oneOf: records },
          change: {
            type: "object",
            description: "What changed: the status or owner from and to, the note, or the opt-out's source",
          },
        },
      };
      const operation: OpenAPIV3_1.OperationObject = {
        summary: event,
        operationId: `webhook.${event}`,
        security: [],
        description:
          "Sent to each endpoint that wants it, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature). Answer 2xx within 10 s; anything else is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, and 410 turns the endpoint off.",
        requestBody: { required: true, content: { "application/json": { schema: body } } },
        responses: {
          "200": { description: "Received" },
          "410": { description: "Gone: stop sending to this endpoint" },
        },
      };
      return [event, { post: operation } as OpenAPIV3_1.PathItemObject];
    }),
  );
}

export async function apiDocument(app: Hono<never> | Hono): Promise<OpenAPIV3_1.Document> {
  const schemas: Record<string, OpenAPIV3_1.SchemaObject> = { Error: schemaOf(errorBody) };
  for (const collection of COLLECTIONS) schemas[RECORD_NAMES[collection]] = schemaOf(RECORD_SCHEMAS[collection]);
  const document = await generateSpecs(app as Hono, {
    documentation: {
      openapi: "3.1.0",
      info: {
        title: `${BRAND.name} API`,
        version: "1.0.0",
        description: `The public forms, staff sign-in and the staff CRM of the ${BRAND.name} site. Staff routes take the session cookie (with same-origin requests) or, where their scopes allow, an API token as a bearer.`,
        license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      },
      servers: [{ url: "/", description: "This server" }],
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: {
        schemas,
        securitySchemes: {
          session: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE_NAME,
            description: "Set by POST /api/auth/login. Writes must be same-origin JSON.",
          },
          bearer: {
            type: "http",
            scheme: "bearer",
            description:
              "An API token (Integrations tab): records:read, records:write or export, with at most its creator's current rights (401 while its creator is disabled or gone, 403 for a scope their role no longer has)",
          },
        },
      },
    },
    // Its default leaves out paths that look like files: /api/openapi.json and /api/admin/export.csv are routes.
    excludeStaticFile: false,
  });
  const paths = document.paths as Record<string, Record<string, OpenAPIV3_1.OperationObject>>;
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const notes = ROUTE_NOTES[`${method.toUpperCase()} ${path}`];
      if (notes) operation.description = operation.description ? `${operation.description}\n\n${notes}` : notes;
      // A path parameter that does not percent-decode is refused on every route that has one (http/path-params.ts).
      if (path.includes("{") && !operation.responses?.["400"]) {
        operation.responses = {
          ...operation.responses,
          400: {
            description: REFUSALS[400]!,
            content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
          },
        };
      }
    }
  }
  return { ...(document as unknown as OpenAPIV3_1.Document), webhooks: webhooks() };
}
