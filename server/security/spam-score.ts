import { createHmac } from "node:crypto";
import mailchecker from "mailchecker";
import {
  joinSignals,
  REPEAT_SOURCES,
  REPEAT_WINDOW_MS,
  spamScore,
  TOO_FAST_MS,
  type SpamSignal,
} from "../../src/domain/spam";
import type { BotCheckVerdict } from "../../src/domain/status";
import { spamLookup, type Db, type SpamResult } from "../db/store";
import { checkRenderStamp } from "./render-stamp";

// A submission's spam score: named signals, each a plain function of the submission (tested one by
// one in spam-score.test.ts), summed by their weights (src/domain/spam.ts). Above SPAM_THRESHOLD the
// record is stored all the same, held in the Spam view: nothing here ever refuses a submission.
// docs/decisions/0030-spam-score.md says why each weight is what it is.

/** What the score looks at, taken from the parsed submission by its route. */
export interface SpamFacts {
  email: string;
  /** Text a person typed that a bot fills with links or mashing: a message, challenges, names, a company. */
  texts: readonly string[];
  /** What the repeated-content signal compares across addresses (the message or the challenges); null: nothing worth comparing. */
  content: string | null;
  botCheck: BotCheckVerdict;
  renderStamp: string | null | undefined;
  /** Where it came from: the client's bucket (security/client-bucket.ts), null when unknown (in-process requests). */
  source: string | null;
}

const DISPOSABLE = mailchecker.blacklist();

/** The address's domain, or a parent of it, is a throwaway-mail service. */
export function isDisposableEmail(email: string): boolean {
  let domain = email.toLowerCase().split("@")[1] ?? "";
  while (domain.includes(".")) {
    if (DISPOSABLE.has(domain)) return true;
    domain = domain.slice(domain.indexOf(".") + 1);
  }
  return false;
}

// Zero-width characters, the soft hyphen, the word joiner, the BOM, variation selectors and the bidirectional
// controls: Unicode's default-ignorable code points, invisible, so they split a word or a link for a pattern
// while a reader sees it whole ("ht\u200btp://").
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * Text as a reader sees it: NFKC (full-width "ｈｔｔｐｓ：／／" and other compatibility forms become
 * "https://"), with invisible characters and bidi controls removed. What links and repetition are counted on.
 */
export const normaliseText = (text: string): string => text.normalize("NFKC").replace(INVISIBLE, "");

// A scheme (also defanged: hxxp, hxxps, h**p), www., an HTML anchor, a BBCode [url].
const LINK = /\bh(?:tt|xx|\*\*)ps?:\/\/|\bwww\.|<a\s|\[url[\]=]/gi;

/** How many links a text holds, once normalised: addresses with a scheme or www., HTML anchors, BBCode [url]. */
export const countLinks = (text: string): number => normaliseText(text).match(LINK)?.length ?? 0;

const REPEATED_CHARACTER = /(\S)\1{5,}/u;
const LETTER = /\p{L}/gu;
const VOWEL = /[aeiouyàáâäãåèéêëìíîïòóôöõùúûüýÿ]/giu;

/**
 * Keyboard mashing or a stuck key: one character six times running ("!!!!!!", "aaaaaa"); twelve letters
 * or more with under one in six a vowel ("sdfkjhsdfkjh"; English runs near two in five, names and
 * Afrikaans too); or one word making up over half of eight words or more ("buy buy buy ...").
 */
export function looksGibberish(text: string): boolean {
  if (REPEATED_CHARACTER.test(text)) return true;
  const letters = text.match(LETTER)?.length ?? 0;
  if (letters >= 12 && (text.match(VOWEL)?.length ?? 0) / letters < 1 / 6) return true;
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (words.length >= 8) {
    const counts = new Map<string, number>();
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    if (Math.max(...counts.values()) > words.length / 2) return true;
  }
  return false;
}

/** Content shorter than this (normalised) is too common to compare: "Please call me." */
const MIN_CONTENT = 20;

/** The keyed hash of what a visitor wrote, with case, spacing and punctuation evened out; null when too short to compare. */
export function contentHash(key: Buffer, content: string | null): string | null {
  const normalised = normaliseText(content ?? "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  return normalised.length < MIN_CONTENT
    ? null
    : createHmac("sha256", key).update(normalised, "utf8").digest("base64url").slice(0, 32);
}

/** The keyed hash of a source (a client bucket), or null when unknown. */
export const sourceHash = (key: Buffer, source: string | null): string | null =>
  source === null
    ? null
    : createHmac("sha256", key).update(`source:${source}`, "utf8").digest("base64url").slice(0, 32);

/** The signals of the submission itself, which need no database. */
export function submissionSignals(facts: Omit<SpamFacts, "source">, stampKey: Buffer, now: Date): SpamSignal[] {
  const signals: SpamSignal[] = [];
  if (facts.botCheck === "failed") signals.push("bot-check-failed");
  if (facts.botCheck === "missing") signals.push("bot-check-missing");
  const stamp = checkRenderStamp(stampKey, facts.renderStamp, now);
  if (stamp.kind === "missing") signals.push("no-render-stamp");
  else if (stamp.kind === "invalid") signals.push("render-stamp-invalid");
  else if (stamp.elapsedMs < TOO_FAST_MS) signals.push("too-fast");
  if (isDisposableEmail(facts.email)) signals.push("disposable-email");
  const links = facts.texts.reduce((sum, text) => sum + countLinks(text), 0);
  if (links >= 3) signals.push("many-links");
  else if (links > 0) signals.push("links");
  if (facts.texts.some(looksGibberish)) signals.push("gibberish");
  return signals;
}

/** A score under way: its read has started; finish() adds the bot check's verdict and sums. */
export interface PendingSpamScore {
  finish(botCheck: BotCheckVerdict): Promise<SpamResult>;
}

export interface SpamScorer {
  /**
   * Starts the one read the score needs (the blocklist, the repeated content), so the route can run it
   * beside its other reads (the idempotency pre-check, the bot check) instead of after them. A submission
   * answered before finish() (a replay, a refusal) just drops it.
   */
  start(facts: Omit<SpamFacts, "botCheck">, now: Date): PendingSpamScore;
  score(facts: SpamFacts, now: Date): Promise<SpamResult>;
}

/**
 * The scorer a submission route uses: its own signals, and one read (on the reader) for the blocklist
 * and the repeated content. A record scoring above `threshold` is spam.
 */
export function createSpamScorer({
  reader,
  threshold,
  stampKey,
  contentKey,
}: {
  reader: Db;
  threshold: number;
  stampKey: Buffer;
  contentKey: Buffer;
}): SpamScorer {
  const start = (facts: Omit<SpamFacts, "botCheck">, now: Date): PendingSpamScore => {
    const hash = contentHash(contentKey, facts.content);
    const source = sourceHash(contentKey, facts.source);
    const since = new Date(now.getTime() - REPEAT_WINDOW_MS).toISOString();
    const lookup = spamLookup(reader, { email: facts.email, contentHash: hash, sourceHash: source, since });
    // Awaited in finish(); a submission that ends before it must not leave an unhandled rejection.
    lookup.catch(() => undefined);
    return {
      async finish(botCheck) {
        const signals = submissionSignals({ ...facts, botCheck }, stampKey, now);
        const found = await lookup;
        // Counted by source, not by address: one machine with three addresses is one source.
        if (hash !== null && found.otherSources + 1 >= REPEAT_SOURCES) signals.push("repeated-content");
        if (found.blocked) signals.push("blocklisted");
        const scored = (named: SpamSignal[]) => {
          const score = spamScore(named);
          return { score, signals: joinSignals(named), spam: score > threshold };
        };
        const stamp = checkRenderStamp(stampKey, facts.renderStamp, now);
        // A stamp used before is no stamp credit: its own signal instead of whatever its age said.
        const reused =
          stamp.kind === "valid"
            ? scored([...signals.filter((name) => name !== "too-fast"), "render-stamp-reused"])
            : null;
        return {
          ...scored(signals),
          contentHash: hash,
          sourceHash: source,
          stamp: stamp.kind === "valid" ? { nonce: stamp.nonce, expiresAt: stamp.expiresAt } : null,
          ifStampReused: reused,
        };
      },
    };
  };
  return { start, score: (facts, now) => start(facts, now).finish(facts.botCheck) };
}
