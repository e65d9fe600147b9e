import { describeRoute, resolver } from "hono-openapi";
import type { MiddlewareHandler } from "hono";
import type { OpenAPIV3_1 } from "openapi-types";
import { z } from "zod";
import type { TokenScope } from "../../src/domain/api-tokens";
import { errorBody } from "./answers";

// One route's entry in the API description, written beside its handler as a middleware that only
// carries data (hono-openapi's describeRoute; decision 0034). The description is generated from the
// app's own route table, so a route and its entry cannot drift apart unnoticed (server/openapi/openapi.test.ts).

export type Tag =
  | "Forms"
  | "Subscriptions"
  | "Health"
  | "Auth"
  | "Records"
  | "Notes"
  | "People"
  | "Dashboard"
  | "Privacy"
  | "Staff"
  | "Settings"
  | "Integrations";

/** Who may call it: anyone; a staff session; or a session or an API token with this scope. */
export type Access = "public" | "session" | TokenScope;

export const REFUSALS: Record<number, string> = {
  400: "Refused: the body, a parameter or a header is not valid (`fields` names each)",
  401: "No live session (or no valid token where one is accepted)",
  403: "Signed in, but this role (or this token's scopes) may not do it, or the request is cross-site",
  404: "Nothing has that id",
  409: "Conflicts with the current state (`error` says how)",
  410: "The link has expired",
  413: "The body is larger than the API accepts",
  415: "The body must be application/json",
  421: "The Host is not one of this server's names",
  422: "The Idempotency-Key was first used with another request",
  429: "Too many requests: wait and try again (see Retry-After)",
  503: "The database does not answer",
};

interface Answer {
  description: string;
  /** A JSON answer's schema; `null` for an answer with no body. */
  schema?: z.ZodType | null;
  /** Another media type than JSON (the CSV export, the event stream, HTML). */
  media?: string;
}

export interface Operation {
  tag: Tag;
  summary: string;
  description?: string;
  access: Access;
  /** The JSON body's schema: the one the handler parses with. */
  body?: z.ZodType;
  /** A body it accepts, shown in the description. */
  example?: unknown;
  /** The form posts without JavaScript (application/x-www-form-urlencoded), answered with pages. */
  htmlForm?: boolean;
  query?: z.ZodObject;
  headers?: OpenAPIV3_1.ParameterObject[];
  answers: Record<number, Answer>;
  /** The refusals it documents (their bodies are all the Error schema). */
  refusals?: number[];
}

const securityOf = (access: Access): OpenAPIV3_1.SecurityRequirementObject[] =>
  access === "public" ? [] : access === "session" ? [{ session: [] }] : [{ session: [] }, { bearer: [access] }];

/** The refusals every route of its kind can give, before its own. */
function standardRefusals(op: Operation): number[] {
  const codes = new Set<number>(op.refusals ?? []);
  if (op.access !== "public") [401, 403, 421].forEach((code) => codes.add(code));
  if (op.access !== "public" && op.access !== "session") codes.add(429);
  if (op.body) [400, 413, 415].forEach((code) => codes.add(code));
  return [...codes].sort();
}

function queryParameters(query: z.ZodObject): OpenAPIV3_1.ParameterObject[] {
  return Object.entries(query.shape).map(([name, schema]) => {
    const json = z.toJSONSchema(schema as z.ZodType, { io: "input" }) as OpenAPIV3_1.SchemaObject & {
      $schema?: string;
    };
    delete json.$schema;
    const { description, ...rest } = json;
    return {
      name,
      in: "query",
      required: !(schema as z.ZodType).safeParse(undefined).success,
      schema: rest as OpenAPIV3_1.SchemaObject,
      ...(description && { description }),
    } as OpenAPIV3_1.ParameterObject;
  });
}

const content = (answer: Answer) =>
  answer.schema === null
    ? undefined
    : answer.media
      ? { [answer.media]: { schema: { type: "string" as const } } }
      : answer.schema
        ? { "application/json": { schema: resolver(answer.schema) } }
        : undefined;

export function describe(op: Operation): MiddlewareHandler {
  const responses: Record<
    string,
    {
      description: string;
      content?: ReturnType<typeof content> | { "application/json": { schema: OpenAPIV3_1.ReferenceObject } };
    }
  > = {};
  for (const [status, answer] of Object.entries(op.answers))
    responses[status] = { description: answer.description, content: content(answer) };
  for (const code of standardRefusals(op)) {
    if (!responses[code])
      responses[code] = {
        description: REFUSALS[code] ?? "Refused",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      };
  }
  const parameters = [...(op.query ? queryParameters(op.query) : []), ...(op.headers ?? [])];
  return describeRoute({
    tags: [op.tag],
    summary: op.summary,
    ...(op.description && { description: op.description }),
    security: securityOf(op.access),
    ...(parameters.length > 0 && { parameters }),
    ...(op.body && {
      requestBody: {
        required: true,
        content: {
          "application/json": { schema: resolver(op.body), ...(op.example !== undefined && { example: op.example }) },
          ...(op.htmlForm && { "application/x-www-form-urlencoded": { schema: resolver(op.body) } }),
        },
      },
    }),
    responses,
  });
}

export const ERROR_SCHEMA = errorBody;

const IDEMPOTENCY_KEY: OpenAPIV3_1.ParameterObject = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Sending the same request again with the same key within 24 hours stores nothing new and replays the first answer (with Idempotent-Replayed: true)",
  schema: { type: "string", maxLength: 255 },
};

/** One of the public forms: JSON from the site's scripts, or the same fields posted by a browser without JavaScript. */
export const formPost = (summary: string, body: z.ZodType, example: object, description?: string) =>
  describe({
    tag: "Forms",
    summary,
    description: `${description ? `${description} ` : ""}Stored at once, scored for spam, and never refused for its score. Posted as a form without JavaScript, the answer is a page instead: 303 to the thank-you page, or the form again with the errors.`,
    access: "public",
    body,
    example,
    htmlForm: true,
    headers: [IDEMPOTENCY_KEY],
    answers: {
      201: {
        description: "Stored (or, with a repeated Idempotency-Key, the first answer replayed)",
        schema: z.object({ id: z.string() }),
      },
      303: { description: "The form posted without JavaScript was sent: go to the thank-you page", schema: null },
    },
    refusals: [422, 429],
  });
