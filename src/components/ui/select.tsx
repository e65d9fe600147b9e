import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { controlClasses } from "./control-classes";
import { useFieldControl } from "./field";

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectProps = ComponentProps<"select"> & {
  /** Rendered as <option> elements after `placeholder`; children are rendered too, for custom groups. */
  options?: readonly SelectOption[];
  /** An empty, disabled first option; with `required` it forces a real choice. */
  placeholder?: string;
};

/** A native <select>: keyboard, mobile pickers and form reset work without extra code. */
export function Select({ className, id, required, options, placeholder, children, ...props }: SelectProps) {
  const field = useFieldControl();
  return (
    <div className="relative">
      <select
        id={id ?? field?.id}
        required={required ?? field?.required}
        aria-describedby={props["aria-describedby"] ?? field?.describedBy}
        aria-invalid={props["aria-invalid"] ?? (field?.invalid || undefined)}
        className={controlClasses(`min-h-11 appearance-none py-2 pr-10 ${className ?? ""}`)}
        {...props}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-slate-500"
      />
    </div>
  );
}
