import type { FormEvent, ReactNode } from "react";
import { useHydrated } from "../../components/ui/use-hydrated";
import type { ConsentPurpose } from "../../domain/consent";
import type { HtmlForm, HtmlFormId } from "../../domain/html-forms";
import { warmPublicBackend } from "../../backend/public-backend";
import { Honeypot } from "./honeypot";
import { PostedFormParts, postTarget } from "./posted-form";
import { PrivacyNotice } from "./privacy-notice";
import { SubmitButton } from "./submit-button";

export interface CaptureFormProps {
  /** Which form it is, and the route it posts to, for a post the browser sends itself (src/domain/html-forms.ts). */
  id: HtmlFormId;
  action: HtmlForm["action"];
  /** The consent wording the form shows, if any (the signup's marketing box). */
  consent?: ConsentPurpose;
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
 * The frame of the contact, signup and demo forms, so none can lose a part of it: a real POST without
 * JavaScript, the back end warming up on first focus, the honeypot, the notice at collection above the
 * submit button. Once hydrated the form checks itself (every error at once, beside its field) instead of
 * the browser's one bubble at a time.
 */
export function CaptureForm({
  id,
  action,
  consent,
  label,
  onSubmit,
  busy,
  submitLabel,
  busyLabel,
  children,
}: CaptureFormProps) {
  const hydrated = useHydrated();
  return (
    <form
      {...postTarget(action)}
      noValidate={hydrated}
      onSubmit={onSubmit}
      onFocus={warmPublicBackend}
      aria-label={label}
      className="relative grid gap-5"
    >
      <PostedFormParts id={id} consent={consent} />
      {children}
      <Honeypot />
      <PrivacyNotice />
      <SubmitButton busy={busy} label={submitLabel} busyLabel={busyLabel} size="lg" />
    </form>
  );
}
