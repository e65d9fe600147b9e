// The spam score's named signals, their weights, and what staff decide about a record the score held
// back (docs/decisions/0030-spam-score.md). Shared: the server scores and stores (server/security/spam-score.ts),
// the dashboard shows which signals fired and offers the two decisions. Plain data: no list of
// disposable domains here (that is the server's `mailchecker`, never in a browser bundle).

/** Each signal's weight; a record's score is the sum of those that fired, at most 100. */
export const SPAM_SIGNALS = {
  /** The bot check (reCAPTCHA or Turnstile) answered, and said no. */
  "bot-check-failed": { weight: 45, label: "Bot check failed" },
  /** A bot check is configured but the submission carried no token. */
  "bot-check-missing": { weight: 20, label: "No bot-check token" },
  /** Sent less than TOO_FAST_MS after the page gave the form its signed render stamp. */
  "too-fast": { weight: 45, label: "Sent within 3 seconds of the page" },
  /** A render stamp whose signature does not match, or that is dated in the future: made up. */
  "render-stamp-invalid": { weight: 45, label: "Forged page timestamp" },
  /** No render stamp at all: a form sent without JavaScript (decision 0027), or a script posting directly. */
  "no-render-stamp": { weight: 10, label: "No page timestamp" },
  /** A render stamp another submission already used: each stamp serves one submission (decision 0045). */
  "render-stamp-reused": { weight: 30, label: "Page timestamp used before" },
  /** The address's domain is a throwaway-mail service (the `mailchecker` package's list). */
  "disposable-email": { weight: 30, label: "Disposable email address" },
  /** One or two links in what they wrote. */
  links: { weight: 20, label: "Links in the message" },
  /** Three links or more. */
  "many-links": { weight: 45, label: "Many links in the message" },
  /** Keyboard mashing, one character over and over, or one word repeated. */
  gibberish: { weight: 30, label: "Repeated or gibberish text" },
  /**
   * The same words from REPEAT_SOURCES sources or more within REPEAT_WINDOW_MS (a source: a client's IPv4
   * address or IPv6 /64, and a different address). Under the threshold alone: anyone can seed words a real
   * visitor will type, so it only holds a submission together with a signal of its own (decision 0045).
   */
  "repeated-content": { weight: 30, label: "Same message from many senders" },
  /** The address or its domain is on the staff's blocklist. */
  blocklisted: { weight: 100, label: "On the blocklist" },
} as const;

export type SpamSignal = keyof typeof SPAM_SIGNALS;
export const SPAM_SIGNAL_NAMES = Object.keys(SPAM_SIGNALS) as SpamSignal[];

/** SPAM_THRESHOLD's default: a record scoring above it is held in the Spam view. */
export const DEFAULT_SPAM_THRESHOLD = 40;
/** Under this many ms from the render stamp to the submission, a person could not have filled the form. */
export const TOO_FAST_MS = 3_000;
/** The same content from this many distinct sources (this one included) in the window fires repeated-content. */
export const REPEAT_SOURCES = 3;
export const REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Spam nobody restored is purged by the retention job this many days after it arrived. */
export const SPAM_PURGE_DAYS = 30;

/** What staff decide about a record: "spam" keeps it in (or moves it to) the Spam view; "not-spam" restores it. */
export const SPAM_VERDICTS = ["spam", "not-spam"] as const;
export type SpamVerdict = (typeof SPAM_VERDICTS)[number];

/** The `spam` list filter: the Spam view ("only"), or everything else (the default). */
export const SPAM_FILTERS = ["only", "exclude"] as const;
export type SpamFilter = (typeof SPAM_FILTERS)[number];

/** A record nothing scored: stored before the score existed, seeded straight into a table, or on Firebase. */
export const NOT_SCORED = { spamScore: null, spamSignals: null, spam: false } as const;

/** The signals as stored on a record: names joined by commas, "" when none fired; null where nothing scored it (Firebase). */
export const joinSignals = (signals: readonly SpamSignal[]): string => signals.join(",");

export const splitSignals = (stored: string | null | undefined): SpamSignal[] =>
  (stored ?? "").split(",").filter((name): name is SpamSignal => name in SPAM_SIGNALS);

/** The sum of the signals' weights, capped at 100. */
export const spamScore = (signals: readonly SpamSignal[]): number =>
  Math.min(
    100,
    signals.reduce((sum, name) => sum + SPAM_SIGNALS[name].weight, 0),
  );

/** A blocklist entry: a whole address (has an @) or a domain (which covers its subdomains too). */
export interface BlocklistEntry {
  entry: string;
  kind: "address" | "domain";
  addedBy: string;
  createdAt: string;
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const ADDRESS = /^[^\s@]{1,64}@([^\s@]{1,253})$/;

/** A typed entry as stored (trimmed, lower-case, a leading @ dropped), or the reason it cannot be one. */
export function parseBlocklistEntry(
  value: unknown,
): { ok: true; entry: string; kind: "address" | "domain" } | { ok: false; error: string } {
  if (typeof value !== "string" || value.trim() === "") return { ok: false, error: "Required" };
  const entry = value.trim().toLowerCase().replace(/^@/, "");
  if (entry.length > 254) return { ok: false, error: "At most 254 characters" };
  const address = ADDRESS.exec(entry);
  if (address)
    return DOMAIN.test(address[1]!)
      ? { ok: true, entry, kind: "address" }
      : { ok: false, error: "Use an email address or a domain such as spam.example" };
  return DOMAIN.test(entry)
    ? { ok: true, entry, kind: "domain" }
    : { ok: false, error: "Use an email address or a domain such as spam.example" };
}
