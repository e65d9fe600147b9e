// Record statuses. Leads and contacts share one set; newsletter has its own.

export const LEAD_STATUSES = ["new", "contacted", "qualified", "closed"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** "pending": waiting for the address to confirm by the emailed link (NEWSLETTER_DOUBLE_OPT_IN). */
export const NEWSLETTER_STATUSES = ["subscribed", "unsubscribed", "pending"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];
/** What staff may set: only the person's own click makes a subscription pending or confirms one. */
export const NEWSLETTER_STAFF_STATUSES = ["subscribed", "unsubscribed"] as const satisfies readonly NewsletterStatus[];

export const COLLECTIONS = ["leads", "contacts", "newsletter"] as const;
export type Collection = (typeof COLLECTIONS)[number];

export const LEAD_TYPES = ["signup", "demo"] as const;
export type LeadType = (typeof LEAD_TYPES)[number];

export const BOT_CHECK_VERDICTS = ["passed", "failed", "missing", "skipped"] as const;
export type BotCheckVerdict = (typeof BOT_CHECK_VERDICTS)[number];

/** The bot-check action label each form uses. */
export const BOT_CHECK_ACTIONS = ["newsletter", "cta_newsletter", "contact", "signup", "demo"] as const;
export type BotCheckAction = (typeof BOT_CHECK_ACTIONS)[number];
