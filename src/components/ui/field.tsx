import { createContext, useContext, type ReactNode } from "react";
import { cn } from "./cn";
import { ControlMessages, useControlDescription } from "./control-messages";
import { Label } from "./label";

interface FieldControl {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
}

const FieldContext = createContext<FieldControl | null>(null);

/** Lets Input, Textarea and Select pick up the id, aria-describedby and aria-invalid of the Field around them. */
export function useFieldControl(): FieldControl | null {
  return useContext(FieldContext);
}

export interface FieldProps {
  label: ReactNode;
  children: ReactNode;
  /** The control's id; generated when omitted. */
  id?: string;
  hint?: ReactNode;
  error?: string | null;
  required?: boolean;
  className?: string;
}

/** Label + control + hint + error, with the error and hint tied to the control by aria-describedby. */
export function Field({ label, children, id, hint, error, required = false, className }: FieldProps) {
  const ids = useControlDescription(id, hint, error);
  const { controlId, describedBy } = ids;

  return (
    <FieldContext.Provider value={{ id: controlId, describedBy, invalid: Boolean(error), required }}>
      <div className={cn("flex flex-col gap-1.5", className)}>
        <Label htmlFor={controlId} required={required}>
          {label}
        </Label>
        {children}
        <ControlMessages ids={ids} hint={hint} error={error} />
      </div>
    </FieldContext.Provider>
  );
}
