import { clientEnv } from "../config/env";
import type { BotCheckAction } from "../domain/status";

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let scriptLoading: Promise<Grecaptcha> | null = null;

function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  scriptLoading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const grecaptcha = window.grecaptcha;
      if (!grecaptcha) return reject(new Error("reCAPTCHA not loaded"));
      grecaptcha.ready(() => resolve(grecaptcha));
    };
    script.onerror = () => reject(new Error("reCAPTCHA not loaded"));
    document.head.append(script);
  }).catch((error: unknown) => {
    scriptLoading = null;
    throw error;
  });
  return scriptLoading;
}

/**
 * An invisible bot-check token for this action, or null when the check is not configured or fails.
 * The script is loaded only when a form is first submitted. A failure never blocks the submission.
 */
export async function getBotCheckToken(action: BotCheckAction): Promise<string | null> {
  const siteKey = clientEnv.recaptchaSiteKey;
  if (!siteKey) return null;
  try {
    const grecaptcha = await loadRecaptcha(siteKey);
    return await grecaptcha.execute(siteKey, { action });
  } catch (error) {
    console.error("Bot check failed:", error instanceof Error ? error.message : error);
    return null;
  }
}
