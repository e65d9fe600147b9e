import type { ComponentProps } from "react";
import { cn } from "./cn";

export type LabelProps = ComponentProps<"label"> & { required?: boolean };

export function Label({ className, required, children, ...props }: LabelProps) {
  return (
    <label className={cn("text-sm font-medium text-slate-800", className)} {...props}>
      {children}
      {/* The asterisk is visual only; the control's own `required` attribute is what assistive tech reads. */}
      {required && (
        <span aria-hidden="true" className="ml-0.5 text-red-700">
          *
        </span>
      )}
    </label>
  );
}
