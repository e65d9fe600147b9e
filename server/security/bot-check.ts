import type { BotCheckAction, BotCheckVerdict } from "../../src/domain/status";
import { describeError, type Logger } from "../logger";
import type { RecaptchaVerifier } from "./recaptcha";

export interface BotCheckInput {
  /** null when no secret is configured: nothing to verify against. */
  verifier: RecaptchaVerifier | null;
  token: string | null | undefined;
  /** The action labels this form's token may carry. */
  actions: readonly BotCheckAction[];
  minScore: number;
  logger: Logger;
}

/**
 * The verdict stored with a submission. A failed or missing check never rejects the submission (a
 * real visitor may have blocked Google's script); staff see the verdict and judge.
 */
export async function judgeBotCheck({ verifier, token, actions, minScore, logger }: BotCheckInput): Promise<BotCheckVerdict> {
  if (!verifier) return "skipped";
  if (!token) return "missing";
  try {
    const result = await verifier.verify(token);
    const actionMatches = result.action !== undefined && (actions as readonly string[]).includes(result.action);
    const scoreHighEnough = typeof result.score === "number" && result.score >= minScore;
    return result.success && actionMatches && scoreHighEnough ? "passed" : "failed";
  } catch (error) {
    logger.warn("bot-check-unavailable", describeError(error));
    return "failed";
  }
}
