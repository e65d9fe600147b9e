import type { ReactNode } from "react";
import { cn } from "../../components/ui/cn";

export interface SectionHeadingProps {
  title: ReactNode;
  eyebrow?: string;
  lead?: ReactNode;
  /** Set to tie the heading to its section with aria-labelledby. */
  id?: string;
  align?: "center" | "left";
  inverse?: boolean;
  className?: string;
}

export function SectionHeading({
  title,
  eyebrow,
  lead,
  id,
  align = "center",
  inverse = false,
  className,
}: SectionHeadingProps) {
  return (
    <div className={cn("max-w-3xl", align === "center" && "mx-auto text-center", className)}>
      {eyebrow && (
        <p
          className={cn("text-sm font-semibold tracking-wide uppercase", inverse ? "text-brand-100" : "text-brand-700")}
        >
          {eyebrow}
        </p>
      )}
      <h2
        id={id}
        className={cn(
          "mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl",
          inverse ? "text-white" : "text-slate-900",
        )}
      >
        {title}
      </h2>
      {lead && <p className={cn("mt-4 text-lg text-pretty", inverse ? "text-brand-50" : "text-slate-600")}>{lead}</p>}
    </div>
  );
}
