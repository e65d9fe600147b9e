import { ChevronDown } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

// A native disclosure (<details>/<summary>): it opens and closes, by mouse, touch and keyboard, before the page
// has hydrated and without any JavaScript of its own, and find-in-page opens the answer it finds. Items that
// share a `name` form an exclusive accordion: opening one closes the others (older browsers: each on its own).

export type AccordionItemProps = ComponentProps<"details"> & {
  /** The group: opening an item closes the open item of the same name. */
  name: string;
};

export function AccordionItem({ className, ...props }: AccordionItemProps) {
  return (
    <details className={cn("group rounded-xl border border-slate-200 bg-white shadow-sm", className)} {...props} />
  );
}

export interface AccordionTriggerProps {
  /** Heading level inside the trigger, so the questions sit in the page outline. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
  children: ReactNode;
}

export function AccordionTrigger({ className, headingLevel = 3, children }: AccordionTriggerProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <summary
      className={cn(
        "flex min-h-11 w-full cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 text-left",
        "text-base font-semibold text-slate-900 hover:text-brand-800 [&::-webkit-details-marker]:hidden",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        className,
      )}
    >
      <Heading className="m-0 text-base font-semibold">{children}</Heading>
      <ChevronDown
        aria-hidden="true"
        className="h-5 w-5 shrink-0 text-slate-500 transition-transform duration-200 group-open:rotate-180"
      />
    </summary>
  );
}

export type AccordionContentProps = ComponentProps<"div">;

export function AccordionContent({ className, ...props }: AccordionContentProps) {
  return <div className={cn("px-5 pb-5 text-slate-700", className)} {...props} />;
}
