import type { BotCheckAction, BotCheckVerdict } from "../../src/domain/status";
import { describeError, type Logger } from "../logger";

/** The bot-check providers BOT_CHECK_PROVIDER chooses between. */
export const BOT_CHECK_PROVIDERS = ["recaptcha", "turnstile"] as const;
export type BotCheckProvider = (typeof BOT_CHECK_PROVIDERS)[number];

/** A provider's answer about one token: reCAPTCHA v3 scores it (0-1); Turnstile only passes or fails it. */
export interface BotCheckAnswer {
  success: boolean;
  action?: string | undefined;
  score?: number | undefined;
}

/** Asks the provider about a token; throws when it cannot be reached or answers garbage. */
export interface BotCheckVerifier {
  /** "recaptcha" when omitted. */
  provider?: BotCheckProvider;
  verify(token: string): Promise<BotCheckAnswer>;
}

export interface BotCheckInput {
  /** null when no secret is configured: nothing to verify against. */
  verifier: BotCheckVerifier | null;
  token: string | null | undefined;
  /** The action labels this form's token may carry. */
  actions: readonly BotCheckAction[];
  /** reCAPTCHA's score must reach it; Turnstile has no score. */
  minScore: number;
  logger: Logger;
}

/**
 * The verdict stored with a submission. A failed or missing check never rejects the submission (a
 * real visitor may have blocked the provider's script); staff see the verdict and judge.
 */
export async function judgeBotCheck({
  verifier,
  token,
  actions,
  minScore,
  logger,
}: BotCheckInput): Promise<BotCheckVerdict> {
  if (!verifier) return "skipped";
  if (!token) return "missing";
  try {
    const result = await verifier.verify(token);
    const actionMatches = result.action !== undefined && (actions as readonly string[]).includes(result.action);
    const scoreHighEnough =
      verifier.provider === "turnstile" || (typeof result.score === "number" && result.score >= minScore);
    return result.success && actionMatches && scoreHighEnough ? "passed" : "failed";
  } catch (error) {
    logger.warn("bot-check-unavailable", describeError(error));
    return "failed";
  }
}
