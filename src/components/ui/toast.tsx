import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { createContext, useCallback, useContext, useMemo, useState } from "react";

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

/** Provides `useToast()` and renders one toast at a time (the spec's viewport default), announced politely. */
export function ToastRegion({ children }: { children: React.ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const show = useCallback((message: ToastMessage) => {
    setCurrent({ ...message, id: Date.now() + Math.random() });
  }, []);
  const value = useMemo(() => show, [show]);

  return (
    <ToastContext.Provider value={value}>
      <ToastPrimitive.Provider swipeDirection="right" duration={TOAST_DURATION_MS} label="Notification">
        {children}
        {current && (
          <ToastPrimitive.Root
            key={current.id}
            type={current.variant === "destructive" ? "foreground" : "background"}
            onOpenChange={(open) => {
              if (!open) setCurrent(null);
            }}
            className={
              "grid grid-cols-[1fr_auto] items-start gap-2 rounded-lg border p-4 shadow-lg " +
              (current.variant === "destructive"
                ? "border-red-700 bg-red-700 text-white"
                : "border-slate-200 bg-white text-slate-900")
            }
            data-variant={current.variant ?? "default"}
          >
            <div>
              <ToastPrimitive.Title className="font-semibold">{current.title}</ToastPrimitive.Title>
              {current.description && (
                <ToastPrimitive.Description className="mt-1 text-sm opacity-90">
                  {current.description}
                </ToastPrimitive.Description>
              )}
            </div>
            <ToastPrimitive.Close aria-label="Dismiss notification" className="rounded p-1 hover:bg-black/10">
              <X aria-hidden className="h-4 w-4" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        )}
        <ToastPrimitive.Viewport className="fixed bottom-4 right-4 z-[100] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 outline-none" />
      </ToastPrimitive.Provider>
    </ToastContext.Provider>
  );
}

export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast must be used inside <ToastRegion>");
  return show;
}
