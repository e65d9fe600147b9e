import { useId, type ReactNode } from "react";
import { cn } from "./cn";

export interface ControlDescription {
  controlId: string;
  hintId: string | undefined;
  errorId: string | undefined;
  /** For the control's aria-describedby: its hint and error, whichever it has. */
  describedBy: string | undefined;
}

/** The ids that tie a form control to its hint and error; `id` is the control's own, generated when omitted. */
export function useControlDescription(
  id: string | undefined,
  hint: ReactNode,
  error: string | null | undefined,
): ControlDescription {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return { controlId, hintId, errorId, describedBy };
}

export interface ControlMessagesProps {
  ids: ControlDescription;
  hint?: ReactNode;
  error?: string | null;
  /** Classes put first on both lines, e.g. an indent that lines them up with a label. */
  className?: string;
  /** The background it sits on: the error's colour keeps its contrast on a dark band too. */
  tone?: "light" | "dark";
}

/**
 * A form control's hint and its error (announced as an alert), under the control. The error's element is
 * always there, hidden while there is none: a page sent back by the server to a visitor without
 * JavaScript fills it in place (server/static/refill-form.ts), so the error sits where this shows it.
 */
export function ControlMessages({ ids, hint, error, className, tone = "light" }: ControlMessagesProps) {
  return (
    <>
      {hint && (
        <p id={ids.hintId} className={cn(className, "text-sm text-slate-600")}>
          {hint}
        </p>
      )}
      <p
        id={`${ids.controlId}-error`}
        className={cn(className, "text-sm font-medium", tone === "dark" ? "text-red-200" : "text-red-700")}
        role={error ? "alert" : undefined}
        hidden={!error}
      >
        {error}
      </p>
    </>
  );
}
