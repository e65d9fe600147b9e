import type { FormEvent, ReactNode } from "react";
import { warmPublicBackend } from "../../backend/public-backend";
import { Honeypot } from "./honeypot";
import { PrivacyNotice } from "./privacy-notice";
import { SubmitButton } from "./submit-button";

export interface CaptureFormProps {
  /** The form's accessible name. */
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  /** The form's own fields. */
  children: ReactNode;
}

/**
 * The frame of the contact, signup and demo forms, so none can lose a part of it: the back end warms up on
 * first focus, the honeypot catches bots, the notice at collection sits above the submit button.
 */
export function CaptureForm({ label, onSubmit, busy, submitLabel, busyLabel, children }: CaptureFormProps) {
  return (
    <form onSubmit={onSubmit} onFocus={warmPublicBackend} aria-label={label} className="relative grid gap-5">
      {children}
      <Honeypot />
      <PrivacyNotice />
      <SubmitButton busy={busy} label={submitLabel} busyLabel={busyLabel} size="lg" />
    </form>
  );
}
