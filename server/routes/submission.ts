import { randomUUID } from "node:crypto";
import type { Context, Handler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { fieldErrors } from "../../src/domain/schemas";
import type { BotCheckAction, BotCheckVerdict, Collection } from "../../src/domain/status";
import type { Clock } from "../clock";
import type { Config } from "../env";
import type { Logger } from "../logger";
import { recordChange } from "../db/changes";
import { findStoredResponse } from "../db/idempotency";
import type { Db } from "../db/schema";
import { idempotencyWindowStart, storeSubmission } from "../db/submissions";
import { readIdempotencyKey } from "../http/idempotency-key";
import { readJsonBody } from "../http/json-body";
import { judgeBotCheck } from "../security/bot-check";
import { isHoneypotFilled } from "../security/honeypot";
import type { RecaptchaVerifier } from "../security/recaptcha";
import type { ChangeFeed } from "../events/change-feed";

// The pipeline every public form shares: honeypot, idempotent replay, shared-schema parse, bot check,
// then one transaction for the record, its change-log row and its idempotency key. Size, media type
// and rate are checked by middleware before this runs (see public-forms.ts).

export interface SubmissionDeps {
  db: Db;
  config: Config;
  verifier: RecaptchaVerifier | null;
  clock: Clock;
  logger: Logger;
  /** Woken after each stored submission, so open admin streams pick the new record up. */
  feed: ChangeFeed;
}

export interface NewRecord<T> {
  id: string;
  data: T;
  botCheck: BotCheckVerdict;
  createdAt: string;
}

export interface SubmissionRoute<T extends { recaptchaToken?: string | null | undefined }> {
  /** Scopes idempotency keys, so one key may be reused across forms. */
  route: string;
  /** Where the record lands, for the change log the admin live stream reads. */
  collection: Collection;
  schema: z.ZodType<T>;
  botCheckActions: (data: T) => readonly BotCheckAction[];
  /** Writes the record and returns the id to answer with (an existing one for a re-subscription). */
  store: (db: Db, record: NewRecord<T>) => Promise<string>;
}

const replay = (c: Context, { status, body }: { status: number; body: string }, replayed: boolean) =>
  c.body(body, status as ContentfulStatusCode, { "Content-Type": "application/json", ...(replayed && { "Idempotent-Replayed": "true" }) });

export function submissionHandler<T extends { recaptchaToken?: string | null | undefined }>(
  deps: SubmissionDeps,
  form: SubmissionRoute<T>,
): Handler {
  return async (c) => {
    const body = await readJsonBody(c);
    if (!body.ok) return body.response;

    // Before parsing: a bot gets the same answer as a person and no hint which field gave it away.
    if (isHoneypotFilled(body.value)) return c.json({ id: randomUUID() }, 201);

    const keyHeader = readIdempotencyKey(c);
    if (!keyHeader.ok) return c.json({ error: "validation", fields: { "Idempotency-Key": keyHeader.message } }, 400);
    const now = deps.clock();
    const idempotency = keyHeader.key === null ? null : { route: form.route, key: keyHeader.key };
    if (idempotency) {
      const stored = await findStoredResponse(deps.db, idempotency, idempotencyWindowStart(now));
      if (stored) return replay(c, stored, true);
    }

    const parsed = form.schema.safeParse(body.value);
    if (!parsed.success) return c.json({ error: "validation", fields: fieldErrors(parsed.error) }, 400);

    const botCheck = await judgeBotCheck({
      verifier: deps.verifier,
      token: parsed.data.recaptchaToken,
      actions: form.botCheckActions(parsed.data),
      minScore: deps.config.recaptchaMinScore,
      logger: deps.logger,
    });

    const record = { id: randomUUID(), data: parsed.data, botCheck, createdAt: now.toISOString() };
    const outcome = await storeSubmission(deps.db, { idempotency, now }, async (trx) => {
      const id = await form.store(trx, record);
      // A different id means an existing row was updated (a newsletter re-subscription).
      const op = id === record.id ? "insert" : "update";
      await recordChange(trx, { collection: form.collection, recordId: id, op, createdAt: record.createdAt });
      return { status: 201, body: JSON.stringify({ id }) };
    });
    if (!outcome.replayed) deps.feed.announce();
    return replay(c, outcome.response, outcome.replayed);
  };
}
