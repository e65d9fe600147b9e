import { createContext, useCallback, useContext, useEffect, useState } from "react";

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

interface ShownToast extends ToastMessage {
  id: number;
}

const ToastContext = createContext<((message: ToastMessage) => void) | null>(null);

const TOAST_DURATION_MS = 5000;

/**
 * Provides `useToast()` and shows one toast at a time, bottom right. Hand-written rather than Radix Toast,
 * which cost about 9 KB gzip on every public page, keeping what a visitor meets: the text is announced
 * through live regions that are always in the page (a region inserted together with its text is missed by
 * some screen readers), errors assertively and the rest politely; the timer pauses while the toast is
 * hovered or focused (WCAG 2.2.1), and Escape or the close button dismisses it.
 */
export function ToastRegion({ children }: { children: React.ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const show = useCallback((message: ToastMessage) => setCurrent({ ...message, id: Date.now() + Math.random() }), []);
  const dismiss = useCallback(() => setCurrent(null), []);
  const destructive = current?.variant === "destructive";
  // Keyed so the same message shown twice is a new node, and announced again.
  const announcement = current && (
    <span key={current.id}>{current.description ? `${current.title}. ${current.description}` : current.title}</span>
  );

  return (
    <ToastContext.Provider value={show}>
      {children}
      <section aria-label="Notifications">
        <ol className="fixed right-4 bottom-4 z-[100] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2">
          {current && <Toast key={current.id} toast={current} onDismiss={dismiss} />}
        </ol>
        <div className="sr-only" role="status">
          {!destructive && announcement}
        </div>
        <div className="sr-only" role="alert">
          {destructive && announcement}
        </div>
      </section>
    </ToastContext.Provider>
  );
}

function Toast({ toast, onDismiss }: { toast: ShownToast; onDismiss: () => void }) {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [paused, onDismiss]);
  const pause = () => setPaused(true);
  const resume = () => setPaused(false);

  return (
    <li
      data-variant={toast.variant ?? "default"}
      onPointerEnter={pause}
      onPointerLeave={resume}
      onFocus={pause}
      onBlur={resume}
      onKeyDown={(event) => event.key === "Escape" && onDismiss()}
      className={
        "grid grid-cols-[1fr_auto] items-start gap-2 rounded-lg border p-4 shadow-lg " +
        (toast.variant === "destructive"
          ? "border-red-700 bg-red-700 text-white"
          : "border-slate-200 bg-white text-slate-900")
      }
    >
      <div>
        <div className="font-semibold">{toast.title}</div>
        {toast.description && <div className="mt-1 text-sm opacity-90">{toast.description}</div>}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss notification"
        className="rounded p-1 hover:bg-black/10"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 fill-none stroke-current stroke-2">
          <path d="M18 6 6 18M6 6l12 12" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}

export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast must be used inside <ToastRegion>");
  return show;
}
