import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";
import { ControlMessages, useControlDescription } from "./control-messages";

export type CheckboxProps = Omit<ComponentProps<"input">, "type"> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
};

/** A native checkbox with its label beside it; the whole label row is the click/touch target. */
export function Checkbox({ label, hint, error, id, className, ...props }: CheckboxProps) {
  const ids = useControlDescription(id, hint, error);
  const { controlId, describedBy } = ids;

  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={controlId} className="flex min-h-11 cursor-pointer items-start gap-3 py-2 text-sm text-slate-700">
        <input
          id={controlId}
          type="checkbox"
          aria-describedby={props["aria-describedby"] ?? describedBy}
          aria-invalid={props["aria-invalid"] ?? (error ? true : undefined)}
          className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer rounded border-slate-400 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          {...props}
        />
        <span>{label}</span>
      </label>
      <ControlMessages ids={ids} hint={hint} error={error} className="pl-8" />
    </div>
  );
}
