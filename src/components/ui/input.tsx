import type { ComponentProps } from "react";
import { controlClasses } from "./control-classes";
import { useFieldControl } from "./field";

export type InputProps = ComponentProps<"input">;

/** A text input; inside a <Field> it takes the field's id, description and invalid state unless given its own. */
export function Input({ className, id, required, ...props }: InputProps) {
  const field = useFieldControl();
  return (
    <input
      id={id ?? field?.id}
      required={required ?? field?.required}
      aria-describedby={props["aria-describedby"] ?? field?.describedBy}
      aria-invalid={props["aria-invalid"] ?? (field?.invalid || undefined)}
      className={controlClasses(`min-h-11 py-2 ${className ?? ""}`)}
      {...props}
    />
  );
}
