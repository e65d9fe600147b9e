// Record statuses. Leads and contacts share one set; newsletter has its own.

export const LEAD_STATUSES = ["new", "contacted", "qualified", "closed"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const NEWSLETTER_STATUSES = ["subscribed", "unsubscribed"] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

export const COLLECTIONS = ["leads", "contacts", "newsletter"] as const;
export type Collection = (typeof COLLECTIONS)[number];

export const LEAD_TYPES = ["signup", "demo"] as const;
export type LeadType = (typeof LEAD_TYPES)[number];

export const BOT_CHECK_VERDICTS = ["passed", "failed", "missing", "skipped"] as const;
export type BotCheckVerdict = (typeof BOT_CHECK_VERDICTS)[number];

/** The bot-check action label each form uses. */
export const BOT_CHECK_ACTIONS = ["newsletter", "cta_newsletter", "contact", "signup", "demo"] as const;
export type BotCheckAction = (typeof BOT_CHECK_ACTIONS)[number];
