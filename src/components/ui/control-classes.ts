import { cn } from "./cn";

/**
 * Shared look of text-like controls; aria-invalid turns the border red. The focus ring is a solid 2 px
 * outline at well over 3:1 against what is around it (WCAG 2.4.13): brand-700 on a light page (5.5:1
 * against white), white on a dark band (`tone` "dark", 7.6:1 against brand-800).
 */
export function controlClasses(className?: string, tone: "light" | "dark" = "light"): string {
  return cn(
    "block w-full rounded-lg border border-slate-300 bg-white px-3.5 text-base text-slate-900 shadow-sm",
    "placeholder:text-slate-500 focus:outline-2 focus:outline-offset-0",
    tone === "dark" ? "focus:border-white focus:outline-white" : "focus:border-brand-700 focus:outline-brand-700",
    "disabled:cursor-not-allowed disabled:bg-slate-100 aria-invalid:border-red-700",
    className,
  );
}
