/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_BACKEND?: string;
  readonly VITE_API_BASE?: string;
  readonly VITE_RECAPTCHA_SITE_KEY?: string;
  readonly VITE_SITE_URL?: string;
}
