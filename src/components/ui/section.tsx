import type { ComponentProps } from "react";
import { cn } from "./cn";

export type SectionTone = "white" | "muted" | "brand" | "dark";

const tones: Record<SectionTone, string> = {
  white: "bg-white text-slate-900",
  muted: "bg-slate-50 text-slate-900",
  brand: "bg-brand-800 text-white",
  dark: "bg-slate-900 text-white",
};

export type SectionProps = ComponentProps<"section"> & { tone?: SectionTone };

/** A full-width page band with consistent vertical rhythm. */
export function Section({ className, tone = "white", ...props }: SectionProps) {
  return <section className={cn("py-16 sm:py-20", tones[tone], className)} {...props} />;
}
