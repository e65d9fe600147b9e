import { Hono } from "hono";
import { confirmSubscriptionInput, fieldErrors } from "../../src/domain/schemas";
import type { Clock } from "../clock";
import type { Db } from "../db/store";
import type { ChangeFeed } from "../events/change-feed";
import { limitBody, readJsonBody, requireJson } from "../http/json-body";
import { requestContext } from "../http/request-context";
import { confirmSubscriptionLink } from "../privacy/confirm-subscription";
import { verifyConfirmationToken, type PrivacyKeys } from "../privacy/keys";
import { describe } from "../openapi/describe";
import * as answer from "../openapi/answers";

export interface ConfirmDeps {
  db: Db;
  clock: Clock;
  keys: PrivacyKeys;
  feed: ChangeFeed;
  /** Proxies of ours in front of the server (TRUST_PROXY). */
  trustProxy: number;
  /** Whether a welcome email follows a confirmation (SMTP_URL is set). */
  welcome: boolean;
  wakeOutbox: () => void;
}

const invalidToken = { error: "invalid-token", message: "This confirmation link is not valid." } as const;
const expiredToken = { error: "expired-token", message: "This confirmation link has expired." } as const;

/**
 * POST /api/newsletter/confirm {token, consentVersion}: what the confirmation page's button sends. The page itself (GET
 * /newsletter/confirm) is the SPA and changes nothing, since mail scanners and link previews fetch links
 * too; only this POST, made by a person's press, confirms. No login and no same-origin check: the signed
 * token is the authority, and only the inbox it was sent to has it.
 */
export function newsletterConfirmRoutes(deps: ConfirmDeps) {
  return new Hono().post(
    "/",
    describe({
      tag: "Subscriptions",
      summary: "Confirm a subscription with the link's token",
      access: "public",
      body: confirmSubscriptionInput,
      answers: { 200: { description: "Confirmed (or already)", schema: answer.subscriptionStatus } },
      refusals: [410],
    }),
    requireJson,
    limitBody,
    async (c) => {
      const body = await readJsonBody(c);
      if (!body.ok) return body.response;
      const parsed = confirmSubscriptionInput.safeParse(body.value);
      if (!parsed.success) {
        const fields = fieldErrors(parsed.error);
        // A token that is not even a string is as invalid as a forged one; other fields are named.
        return fields.token ? c.json(invalidToken, 400) : c.json({ error: "validation", fields }, 400);
      }
      const confirmationId = verifyConfirmationToken(deps.keys, parsed.data.token);
      // A forged or mangled token changes nothing.
      if (!confirmationId) return c.json(invalidToken, 400);
      const { outcome, queuedMail } = await confirmSubscriptionLink(deps.db, {
        confirmationId,
        wordingVersion: parsed.data.consentVersion ?? null,
        keys: deps.keys,
        context: requestContext(c, deps.trustProxy),
        welcome: deps.welcome,
        now: deps.clock(),
      });
      if (outcome === "expired") return c.json(expiredToken, 410);
      if (outcome === "confirmed") deps.feed.announce();
      if (queuedMail) deps.wakeOutbox();
      return c.json({ status: outcome });
    },
  );
}
