import type { Context, Handler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { fieldErrors, type FieldErrors } from "../../src/domain/schemas";
import type { BotCheckAction, BotCheckVerdict, Collection } from "../../src/domain/status";
import type { Clock } from "../clock";
import type { Config } from "../env";
import type { Logger } from "../logger";
import {
  findStoredResponse,
  IdempotencyKeyReused,
  idempotencyWindowStart,
  isReusedFor,
  newRecordId,
  type ChangeOp,
  type Db,
  type GroupRows,
  type IdempotencyScope,
  type RequestContext,
  type SpamResult,
  type SubmissionWriter,
  type Tables,
} from "../db/store";
import { readIdempotencyKey } from "../http/idempotency-key";
import { requestFingerprint } from "../http/request-fingerprint";
import { readJsonBody } from "../http/json-body";
import { judgeBotCheck } from "../security/bot-check";
import { isHoneypotFilled } from "../security/honeypot";
import type { BotCheckVerifier } from "../security/bot-check";
import type { SpamFacts, SpamScorer } from "../security/spam-score";
import type { ChangeFeed } from "../events/change-feed";
import type { Insertable, Transaction } from "kysely";
import { requestContext } from "../http/request-context";
import { clientBucket } from "../security/client-bucket";
import type { PrivacyKeys } from "../privacy/keys";

// The pipeline every public form shares: honeypot, idempotent replay, shared-schema parse, bot check,
// then one transaction for the record, its change-log row, its follow-ups (consent, outbox messages)
// and its idempotency key. Size, media type and rate are checked by middleware before this runs (see
// public-forms.ts). The same pipeline serves a form the browser posts itself, without JavaScript
// (html-form-posts.ts): only reading the body and the answer differ.

export interface SubmissionDeps {
  db: Db;
  /** For the idempotency pre-check, which must not wait for the writer's open group (connectReader). */
  reader: Db;
  /** Commits submissions, grouped; one per database (see server/db/submissions.ts). */
  writer: SubmissionWriter;
  config: Config;
  verifier: BotCheckVerifier | null;
  clock: Clock;
  logger: Logger;
  /** Woken after each stored submission, so open admin streams pick the new record up. */
  feed: ChangeFeed;
  keys: PrivacyKeys;
  /** Which emails are queued with a submission (decided by SMTP_URL and NOTIFY_TO). */
  mail: MailSwitches;
  /** Called after a commit that queued an email, so the sender does not wait for its next poll. */
  wakeOutbox: () => void;
  /** Scores leads and contacts (security/spam-score.ts); above SPAM_THRESHOLD they are held as spam. */
  spam: SpamScorer;
}

export interface MailSwitches {
  /** Staff alerts for new contacts, signups and demo requests. */
  alerts: boolean;
  /** A welcome email to each new subscriber. */
  welcome: boolean;
  /** The email with the link that confirms a subscription (an address that opted out; double opt-in). */
  confirmations: boolean;
  /** The email a staff member gets when a lead or contact is assigned to them (round-robin or by hand). */
  assignments: boolean;
}

/** What a follow-up may use besides the record: the request's origin and the app's switches. */
export interface FollowUpContext {
  request: RequestContext;
  keys: PrivacyKeys;
  mail: MailSwitches;
  /** Set by a follow-up that queued an email. */
  queuedMail: boolean;
}

export interface NewRecord<T> {
  id: string;
  data: T;
  botCheck: BotCheckVerdict;
  /** The spam score, for the forms that have one (leads, contacts); null for the newsletter. */
  spam: SpamResult | null;
  createdAt: string;
}

/** What every form's payload may carry besides its fields: the bot-check token and the render stamp. */
type Submitted = { recaptchaToken?: string | null | undefined; renderStamp?: string | null | undefined };

export interface StoredRecord {
  /** The row this submission created or changed, for the change log; null when it changed none. */
  changed: { id: string; op: ChangeOp } | null;
}

export interface SubmissionRoute<T extends Submitted, S extends StoredRecord = StoredRecord> {
  /** Scopes idempotency keys, so one key may be reused across forms. */
  route: string;
  /** Where the record lands, for the change log the admin live stream reads. */
  collection: Collection;
  schema: z.ZodType<T>;
  botCheckActions: (data: T) => readonly BotCheckAction[];
  /**
   * What the spam score reads of a submission (security/spam-score.ts); without it the form is not
   * scored (the newsletter: double opt-in is its defence, decision 0030).
   */
  spamFacts?: (data: T) => Omit<SpamFacts, "botCheck" | "renderStamp" | "source">;
  /** Writes the record: on `trx` when its result is needed, else as a row for the group's INSERT. */
  store: (trx: Transaction<Tables>, rows: GroupRows, record: NewRecord<T>) => Promise<S>;
  /** Runs in the same transaction after the record: consents, suppression list, outbox messages. */
  followUp?: (
    trx: Transaction<Tables>,
    rows: GroupRows,
    stored: S,
    record: NewRecord<T>,
    context: FollowUpContext,
  ) => void | Promise<void>;
  /** Runs once after the commit that stored the submission (not for a replay), e.g. to log what it did. */
  afterCommit?: (stored: S) => void;
}

/**
 * The store of a form whose record nothing reads back inside the transaction (contacts, leads): its row
 * joins the group's one INSERT into `table`, and the answer carries the new id.
 */
export const appendRecord =
  <Table extends "contacts" | "leads", T>(table: Table, toRow: (record: NewRecord<T>) => Insertable<Tables[Table]>) =>
  async (_trx: Transaction<Tables>, rows: GroupRows, record: NewRecord<T>): Promise<StoredRecord> => {
    rows.add(table, toRow(record));
    return { changed: { id: record.id, op: "insert" } };
  };

// Shared, so frozen; whole literals, not a spread (see leads.ts).
const JSON_HEADERS = Object.freeze({ "Content-Type": "application/json" });
const REPLAYED_HEADERS = Object.freeze({ "Content-Type": "application/json", "Idempotent-Replayed": "true" });

const replay = (c: Context, { status, body }: { status: number; body: string }, replayed: boolean) =>
  c.body(body, status as ContentfulStatusCode, replayed ? REPLAYED_HEADERS : JSON_HEADERS);

/** The key was first sent with another request: refused, and nothing stored (docs/decisions, 422). */
const keyReused = (c: Context) => c.json({ error: "idempotency-key-reused" }, 422);

/** What became of a submission that got past the honeypot, for the route to answer in its own format. */
export type SubmissionOutcome =
  /** Stored now, or an earlier answer to the same request replayed (nothing new stored). */
  | { kind: "stored"; response: { status: number; body: string }; replayed: boolean }
  /** The shared schema refused it: nothing stored. */
  | { kind: "invalid"; fields: FieldErrors }
  /** Its key was first used with another request: nothing stored. */
  | { kind: "key-reused" };

/**
 * The pipeline after the honeypot, whatever the body's format: the idempotent replay, the shared
 * schema, the bot check, then the one transaction. `body` is the payload as the schema reads it.
 */
export async function runSubmission<T extends Submitted, S extends StoredRecord>(
  deps: SubmissionDeps,
  form: SubmissionRoute<T, S>,
  c: Context,
  body: unknown,
  idempotency: IdempotencyScope | null,
): Promise<SubmissionOutcome> {
  const now = deps.clock();
  const parsed = form.schema.safeParse(body);
  const request = requestContext(c, deps.config.trustProxy);
  // The spam score's read starts now, beside the idempotency pre-check and the bot check rather than after
  // them; a replay or a refusal below drops it.
  const scoring =
    parsed.success && form.spamFacts
      ? deps.spam.start(
          {
            ...form.spamFacts(parsed.data),
            renderStamp: parsed.data.renderStamp,
            source: request.ip === null ? null : clientBucket(request.ip),
          },
          now,
        )
      : null;
  if (idempotency) {
    const stored = await findStoredResponse(
      deps.reader,
      idempotency,
      idempotencyWindowStart(now, idempotency.windowMs),
    );
    if (stored)
      return isReusedFor(stored, idempotency)
        ? { kind: "key-reused" }
        : { kind: "stored", response: stored, replayed: true };
  }

  if (!parsed.success) return { kind: "invalid", fields: fieldErrors(parsed.error) };

  const botCheck = await judgeBotCheck({
    verifier: deps.verifier,
    token: parsed.data.recaptchaToken,
    actions: form.botCheckActions(parsed.data),
    minScore: deps.config.recaptchaMinScore,
    logger: deps.logger,
  });

  // Scored, never refused: a record above the threshold is stored all the same, held in the Spam view.
  const spam = scoring ? await scoring.finish(botCheck) : null;

  const record = { id: newRecordId(now.getTime()), data: parsed.data, botCheck, spam, createdAt: now.toISOString() };
  const context: FollowUpContext = {
    request,
    keys: deps.keys,
    mail: deps.mail,
    queuedMail: false,
  };
  // The answer is the same whatever was stored before: always this request's own new id, which names
  // the row it created or nothing at all. Never an existing row's id: for the newsletter that would tell
  // anyone typing an address whether it is on the list, and a UUIDv7 even since when.
  const response = { status: 201, body: JSON.stringify({ id: record.id }) };
  let stored: S | undefined;
  // Each render stamp serves one submission: the writer claims it in the submission's own transaction (one
  // insert for the whole group), so a rolled-back attempt releases it and its retry is not taken for a reuse.
  const stamp = spam?.stamp ? { nonce: spam.stamp.nonce, recordId: record.id, expiresAt: spam.stamp.expiresAt } : null;
  const storing = deps.writer.store({ idempotency, now, stamp }, async (trx, rows, stampClaimed) => {
    context.queuedMail = false;
    const written =
      stampClaimed || !spam?.ifStampReused
        ? record
        : {
            id: record.id,
            data: record.data,
            botCheck: record.botCheck,
            spam: { ...spam, ...spam.ifStampReused },
            createdAt: record.createdAt,
          };
    stored = await form.store(trx, rows, written);
    await form.followUp?.(trx, rows, stored, written, context);
    const { changed } = stored;
    return {
      response,
      change: changed && {
        collection: form.collection,
        recordId: changed.id,
        op: changed.op,
        createdAt: record.createdAt,
      },
    };
  });
  let outcome;
  try {
    outcome = await storing;
  } catch (error) {
    // Another request with this key, not seen by the pre-check, committed first.
    if (error instanceof IdempotencyKeyReused) return { kind: "key-reused" };
    throw error;
  }
  if (!outcome.replayed) {
    deps.feed.announce();
    // After the commit: the sender must be able to read what it is woken for.
    if (context.queuedMail) deps.wakeOutbox();
    if (stored) form.afterCommit?.(stored);
  }
  return { kind: "stored", response: outcome.response, replayed: outcome.replayed };
}

/** The made-up answer a bot that filled the honeypot gets: a 201 with an id that names nothing. */
export const honeypotAnswer = (deps: SubmissionDeps) => ({ id: newRecordId(deps.clock().getTime()) });

/** The JSON route: body, honeypot, Idempotency-Key header, then the pipeline, answered as JSON. */
export function submissionHandler<T extends Submitted, S extends StoredRecord>(
  deps: SubmissionDeps,
  form: SubmissionRoute<T, S>,
): Handler {
  return async (c) => {
    const body = await readJsonBody(c);
    if (!body.ok) return body.response;

    // Before parsing: a bot gets the same answer as a person and no hint which field gave it away.
    if (isHoneypotFilled(body.value)) return c.json(honeypotAnswer(deps), 201);

    const keyHeader = readIdempotencyKey(c);
    if (!keyHeader.ok) return c.json({ error: "validation", fields: { "Idempotency-Key": keyHeader.message } }, 400);
    const idempotency =
      keyHeader.key === null
        ? null
        : {
            route: form.route,
            key: keyHeader.key,
            fingerprint: requestFingerprint(deps.keys.idempotency, form.route, body.value),
          };

    const outcome = await runSubmission(deps, form, c, body.value, idempotency);
    if (outcome.kind === "invalid") return c.json({ error: "validation", fields: outcome.fields }, 400);
    if (outcome.kind === "key-reused") return keyReused(c);
    return replay(c, outcome.response, outcome.replayed);
  };
}
