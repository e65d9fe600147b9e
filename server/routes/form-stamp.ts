import { Hono } from "hono";
import type { Clock } from "../clock";
import { issueRenderStamp } from "../security/render-stamp";
import { describe } from "../openapi/describe";
import * as answer from "../openapi/answers";

// GET /api/form-stamp: {stamp}, the signed time a form was first used (security/render-stamp.ts). The
// public forms ask for it once, on a visitor's first focus or keystroke in them, and send it back as
// `renderStamp`; the spam score's too-fast signal reads it. No cookie, nothing stored, never cached.
export function formStampRoutes({ key, clock }: { key: Buffer; clock: Clock }) {
  return new Hono().get(
    "/",
    describe({
      tag: "Forms",
      summary: "A signed render stamp for a form",
      description:
        "A form asks for it on first use and sends it back as renderStamp; the spam score's too-fast signal reads it. Each stamp serves one submission: a second one with it scores render-stamp-reused (decision 0045).",
      access: "public",
      answers: { 200: { description: "The stamp", schema: answer.stamp } },
    }),
    (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ stamp: issueRenderStamp(key, clock()) });
    },
  );
}
