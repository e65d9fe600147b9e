// The Content-Security-Policy for every response. Pages are prerendered, so there is no per-request
// nonce: React Router's inline scripts are allowed by their SHA-256 hashes, taken from the built HTML.

export interface CspOptions {
  /** 'sha256-...' sources for the inline scripts of the built pages. */
  scriptHashes: readonly string[];
  /** Allow Google's reCAPTCHA script and frame (only when it is the provider and a site key is configured). */
  recaptcha: boolean;
  /** Allow Cloudflare Turnstile's script and frame (likewise). */
  turnstile?: boolean;
}

const RECAPTCHA_SCRIPT_HOSTS = ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"];
const TURNSTILE_HOST = "https://challenges.cloudflare.com";

export function buildContentSecurityPolicy({ scriptHashes, recaptcha, turnstile = false }: CspOptions): string {
  const frames = [...(recaptcha ? ["https://www.google.com"] : []), ...(turnstile ? [TURNSTILE_HOST] : [])];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": [
      "'self'",
      ...scriptHashes,
      ...(recaptcha ? RECAPTCHA_SCRIPT_HOSTS : []),
      ...(turnstile ? [TURNSTILE_HOST] : []),
    ],
    // React renders style props as inline style attributes; styles cannot run code, scripts stay strict.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    ...(frames.length > 0 && { "frame-src": frames }),
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}
