import { Loader2 } from "lucide-react";
import { Button, type ButtonProps } from "../../components/ui/button";

interface SubmitButtonProps extends Omit<ButtonProps, "type" | "children"> {
  busy: boolean;
  label: string;
  busyLabel: string;
}

/** Disabled while busy, with the form's busy text ("Sending...", "Submitting..."); aria-busy tells screen readers why. */
export function SubmitButton({ busy, label, busyLabel, disabled, ...props }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={busy || disabled} aria-busy={busy || undefined} {...props}>
      {busy && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
      {busy ? busyLabel : label}
    </Button>
  );
}
