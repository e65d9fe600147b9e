import type { ComponentProps } from "react";
import { controlClasses } from "./control-classes";
import { useFieldControl } from "./field";

export type TextareaProps = ComponentProps<"textarea">;

export function Textarea({ className, id, required, rows = 5, ...props }: TextareaProps) {
  const field = useFieldControl();
  return (
    <textarea
      id={id ?? field?.id}
      required={required ?? field?.required}
      rows={rows}
      aria-describedby={props["aria-describedby"] ?? field?.describedBy}
      aria-invalid={props["aria-invalid"] ?? (field?.invalid || undefined)}
      className={controlClasses(`py-2.5 ${className ?? ""}`)}
      {...props}
    />
  );
}
