// The Content-Security-Policy for every response. Pages are prerendered, so there is no per-request
// nonce: React Router's inline scripts are allowed by their SHA-256 hashes, taken from the built HTML.

export interface CspOptions {
  /** 'sha256-...' sources for the inline scripts of the built pages. */
  scriptHashes: readonly string[];
  /** Allow Google's reCAPTCHA script and frame (only when a site key is configured). */
  recaptcha: boolean;
}

const RECAPTCHA_SCRIPT_HOSTS = ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"];

export function buildContentSecurityPolicy({ scriptHashes, recaptcha }: CspOptions): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...scriptHashes, ...(recaptcha ? RECAPTCHA_SCRIPT_HOSTS : [])],
    // React renders style props as inline style attributes; styles cannot run code, scripts stay strict.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    ...(recaptcha && { "frame-src": ["https://www.google.com"] }),
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}
