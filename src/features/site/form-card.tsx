import type { ReactNode } from "react";
import { cn } from "../../components/ui/cn";

export interface FormCardProps {
  title: string;
  /** Heading id, so the form's section can be labelled by it. */
  titleId: string;
  description?: string;
  children: ReactNode;
  className?: string;
}

/** A white card holding a capture form (passed in by the route) under a heading. */
export function FormCard({ title, titleId, description, children, className }: FormCardProps) {
  return (
    <section
      aria-labelledby={titleId}
      className={cn("rounded-3xl border border-slate-200 bg-white p-6 shadow-lg sm:p-10", className)}
    >
      <h2 id={titleId} className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {title}
      </h2>
      {description && <p className="mt-2 text-slate-600">{description}</p>}
      <div className="mt-8">{children}</div>
    </section>
  );
}
