// Invoker commands (HTML: `commandfor` and `command` on a <button>) open and close a <dialog> without
// JavaScript, so the prerendered menu works before hydration. React passes them through as attributes;
// @types/react does not list them yet.
declare module "react" {
  interface ButtonHTMLAttributes<T> extends HTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close";
  }
}

export {};
