import { clientEnv } from "../config/env";
import type { BotCheckAction } from "../domain/status";

// The forms' invisible bot check: Google's reCAPTCHA v3 or Cloudflare Turnstile (VITE_BOT_CHECK_PROVIDER).
// The provider's script is loaded only when a form is first submitted, and a failure never blocks the
// submission: the token is then null and the server stores the verdict for staff to judge.

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

interface TurnstileOptions {
  sitekey: string;
  action: string;
  /** "execute": no challenge runs until execute() is called. */
  execution: "execute";
  /** Shown only if Cloudflare needs the visitor to click something. */
  appearance: "interaction-only";
  callback: (token: string) => void;
  "error-callback": (code: string) => void;
  "timeout-callback": () => void;
}

interface Turnstile {
  render(container: HTMLElement, options: TurnstileOptions): string;
  execute(widget: string): void;
  remove(widget: string): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    turnstile?: Turnstile;
  }
}

/** Turnstile never answering (a blocked frame) must not hold the form up for long. */
const TURNSTILE_WAIT_MS = 10_000;

const scripts = new Map<string, Promise<void>>();

/** Adds a script once; a failed load may be tried again on the next submission. */
function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`${src} did not load`));
      document.head.append(script);
    }).catch((error: unknown) => {
      scripts.delete(src);
      throw error;
    });
    scripts.set(src, loading);
  }
  return loading;
}

async function recaptchaToken(siteKey: string, action: BotCheckAction): Promise<string> {
  await loadScript(`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`);
  const grecaptcha = window.grecaptcha;
  if (!grecaptcha) throw new Error("reCAPTCHA not loaded");
  await new Promise<void>((resolve) => grecaptcha.ready(resolve));
  return grecaptcha.execute(siteKey, { action });
}

async function turnstileToken(siteKey: string, action: BotCheckAction): Promise<string> {
  await loadScript("https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit");
  const turnstile = window.turnstile;
  if (!turnstile) throw new Error("Turnstile not loaded");
  // A widget per token, in a box of its own at the end of the page; removed once it has answered.
  const box = document.createElement("div");
  box.dataset.botCheck = "turnstile";
  document.body.append(box);
  let widget: string | undefined;
  try {
    return await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("Turnstile did not answer")), TURNSTILE_WAIT_MS);
      const settle = (outcome: () => void) => {
        clearTimeout(timer);
        outcome();
      };
      widget = turnstile.render(box, {
        sitekey: siteKey,
        action,
        execution: "execute",
        appearance: "interaction-only",
        callback: (token) => settle(() => resolve(token)),
        "error-callback": (code) => settle(() => reject(new Error(`Turnstile error ${code}`))),
        "timeout-callback": () => settle(() => reject(new Error("Turnstile timed out"))),
      });
      turnstile.execute(widget);
    });
  } finally {
    if (widget !== undefined) turnstile.remove(widget);
    box.remove();
  }
}

/**
 * An invisible bot-check token for this action, or null when the check is not configured or fails.
 * The script is loaded only when a form is first submitted. A failure never blocks the submission.
 */
export async function getBotCheckToken(action: BotCheckAction): Promise<string | null> {
  const turnstile = clientEnv.botCheckProvider === "turnstile";
  const siteKey = turnstile ? clientEnv.turnstileSiteKey : clientEnv.recaptchaSiteKey;
  if (!siteKey) return null;
  try {
    return await (turnstile ? turnstileToken(siteKey, action) : recaptchaToken(siteKey, action));
  } catch (error) {
    console.error("Bot check failed:", error instanceof Error ? error.message : error);
    return null;
  }
}
