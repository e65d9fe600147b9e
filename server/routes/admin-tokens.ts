import { Hono, type Context } from "hono";
import { z } from "zod";
import { TOKEN_NAME_MAX, TOKEN_SCOPES } from "../../src/domain/api-tokens";
import { fieldErrors } from "../../src/domain/schemas";
import type { Clock } from "../clock";
import { appendAudit, createApiToken, listApiTokens, newRecordId, revokeApiToken, type Db } from "../db/store";
import { hashApiToken, newApiToken } from "../auth/api-tokens";
import type { AdminEnv } from "../auth/require-session";
import { limitBody, readJsonBody } from "../http/json-body";
import { pathKey } from "../http/path-key";
import { requestContext } from "../http/request-context";
import { describe } from "../openapi/describe";
import * as answer from "../openapi/answers";

// API tokens, admins only (the "settings" capability, applied where this is mounted), with a session:
// a token never manages tokens (server/auth/api-tokens.ts).
//
// - POST /api/admin/tokens {name, scopes, expiresAt?}: 201 {id, token, ...}; the token is shown this once.
// - GET /api/admin/tokens: the tokens, without them.
// - DELETE /api/admin/tokens/{id}: 204; the next request with it is refused.

export interface TokenRoutesDeps {
  db: Db;
  reader: Db;
  clock: Clock;
  trustProxy: number;
}

const createBody = (now: Date) =>
  z.strictObject({
    name: z
      .string({ error: "A name" })
      .trim()
      .min(1, "A name")
      .max(TOKEN_NAME_MAX, `At most ${TOKEN_NAME_MAX} characters`),
    scopes: z
      .array(z.enum(TOKEN_SCOPES, { error: `Use scopes among ${TOKEN_SCOPES.join(", ")}` }), {
        error: "A list of scopes",
      })
      .min(1, "Choose at least one scope")
      .max(TOKEN_SCOPES.length)
      .transform((list) => [...new Set(list)]),
    expiresAt: z.iso
      .datetime({ offset: true, error: "A date and time, such as 2027-01-31T00:00:00Z" })
      .refine((value) => Date.parse(value) > now.getTime(), "Must be in the future")
      .transform((value) => new Date(value).toISOString())
      .nullable()
      .optional(),
  });

const auditBase = (c: Context<AdminEnv>, trustProxy: number, at: Date) => ({
  actor: c.get("admin").email,
  ...requestContext(c, trustProxy),
  at,
});

export function adminTokenRoutes({ db, reader, clock, trustProxy }: TokenRoutesDeps) {
  return new Hono<AdminEnv>()
    .get(
      "/",
      describe({
        tag: "Integrations",
        summary: "The API tokens (never their secrets)",
        description:
          "Each with whether it works now: a token acts with at most its creator's current rights, so it is suspended while its creator is disabled or gone, and loses the scopes the creator's role no longer has.",
        access: "session",
        answers: { 200: { description: "The tokens", schema: z.array(answer.apiToken) } },
      }),
      async (c) => c.json(await listApiTokens(reader)),
    )
    .post(
      "/",
      describe({
        tag: "Integrations",
        summary: "Create an API token",
        description: "The token is in this answer only; the server keeps its hash.",
        access: "session",
        body: createBody(new Date(0)),
        answers: { 201: { description: "Created", schema: answer.apiToken.extend({ token: z.string() }) } },
      }),
      limitBody,
      async (c) => {
        const body = await readJsonBody(c);
        if (!body.ok) return body.response;
        const now = clock();
        const parsed = createBody(now).safeParse(body.value);
        if (!parsed.success) return c.json({ error: "validation", fields: fieldErrors(parsed.error) }, 400);
        const token = newApiToken();
        const created = await db.transaction().execute(async (trx) => {
          const row = await createApiToken(
            trx,
            {
              id: newRecordId(),
              name: parsed.data.name,
              tokenHash: hashApiToken(token),
              scopes: parsed.data.scopes,
              createdBy: c.get("admin").email,
              expiresAt: parsed.data.expiresAt ?? null,
            },
            c.get("admin").role,
            now,
          );
          await appendAudit(trx, {
            ...auditBase(c, trustProxy, now),
            action: "token.create",
            details: { id: row.id, name: row.name, scopes: row.scopes, expiresAt: row.expiresAt },
          });
          return row;
        });
        return c.json({ ...created, token }, 201);
      },
    )
    .delete(
      "/:id",
      describe({
        tag: "Integrations",
        summary: "Revoke an API token",
        access: "session",
        answers: { 204: { description: "Revoked: the next request with it is refused", schema: null } },
        refusals: [404],
      }),
      pathKey("id"),
      async (c) => {
        const now = clock();
        const id = c.req.param("id");
        const name = await db.transaction().execute(async (trx) => {
          const revoked = await revokeApiToken(trx, id);
          if (revoked !== undefined)
            await appendAudit(trx, {
              ...auditBase(c, trustProxy, now),
              action: "token.revoke",
              details: { id, name: revoked },
            });
          return revoked;
        });
        if (name === undefined) return c.json({ error: "not-found" }, 404);
        return c.body(null, 204);
      },
    );
}
