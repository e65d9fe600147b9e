import { cn } from "./cn";

/** Shared look of text-like controls; aria-invalid turns the border red. */
export function controlClasses(className?: string): string {
  return cn(
    "block w-full rounded-lg border border-slate-300 bg-white px-3.5 text-base text-slate-900 shadow-sm",
    "placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600/40",
    "disabled:cursor-not-allowed disabled:bg-slate-100 aria-invalid:border-red-700",
    className,
  );
}
