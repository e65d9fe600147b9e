// The browser's settings, read once from Vite's build-time env. Nothing else reads import.meta.env.
// Each setting is read as `import.meta.env.VITE_*` itself, which Vite replaces with its value when it builds:
// the bundler then folds `backend === "firebase"`, and an http build carries no Firebase config parser.
import { parseFirebaseConfig, type FirebaseClientConfig } from "./firebase-config";

const backend = import.meta.env.VITE_BACKEND ?? "http";
if (backend !== "http" && backend !== "firebase") {
  throw new Error(`VITE_BACKEND must be "http" or "firebase", got "${backend}"`);
}

const botCheckProvider = import.meta.env.VITE_BOT_CHECK_PROVIDER || "recaptcha";
if (botCheckProvider !== "recaptcha" && botCheckProvider !== "turnstile") {
  throw new Error(`VITE_BOT_CHECK_PROVIDER must be "recaptcha" or "turnstile", got "${botCheckProvider}"`);
}

export const clientEnv = {
  backend: backend as "http" | "firebase",
  /** Base URL of the JSON API; empty means the same origin as the site. */
  apiBase: (import.meta.env.VITE_API_BASE ?? "").replace(/\/$/, ""),
  /** The bot check the forms use: Google's reCAPTCHA v3 (the default) or Cloudflare Turnstile. */
  botCheckProvider: botCheckProvider as "recaptcha" | "turnstile",
  /** reCAPTCHA v3 site key; when absent the bot check yields a null token and loads nothing. */
  recaptchaSiteKey: import.meta.env.VITE_RECAPTCHA_SITE_KEY || null,
  /** Turnstile's site key, likewise. */
  turnstileSiteKey: import.meta.env.VITE_TURNSTILE_SITE_KEY || null,
  /** Public origin used for canonical URLs, Open Graph and the sitemap. */
  siteUrl: (import.meta.env.VITE_SITE_URL || "https://erf.co.za").replace(/\/$/, ""),
  /** The Firebase web config; checked here at start-up (and at build, by prerendering) when the backend is firebase. */
  firebase: (backend === "firebase" ? parseFirebaseConfig(import.meta.env) : null) as FirebaseClientConfig | null,
} as const;

/** The Firebase config, already checked above; for the firebase adapters' loaders. */
export function firebaseConfig(): FirebaseClientConfig {
  if (!clientEnv.firebase) throw new Error('The Firebase config is only read when VITE_BACKEND is "firebase"');
  return clientEnv.firebase;
}
