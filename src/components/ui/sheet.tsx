import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "./cn";

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The sheet's accessible name, shown as its heading. */
  title: ReactNode;
  /** What the sheet is about, read out when it opens; visually hidden unless `showDescription`. */
  description: ReactNode;
  showDescription?: boolean;
  /** Shown beside the close button (a "3 of 120" counter, navigation buttons). */
  headerActions?: ReactNode;
  children: ReactNode;
  /** Where focus goes on close; call event.preventDefault() to place it yourself. */
  onCloseAutoFocus?: (event: Event) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** Escape closes the sheet unless this calls event.preventDefault(). */
  onEscapeKeyDown?: (event: globalThis.KeyboardEvent) => void;
  /** When it changes (another record shown in the same sheet), the body scrolls back to the top. */
  scrollKey?: string;
  className?: string;
}

/**
 * A side panel: a Radix Dialog laid out against the right edge. Being a modal dialog it traps focus,
 * hides the page behind it from assistive tech, closes on Escape and hands focus back when it closes.
 */
export function Sheet({
  open,
  onOpenChange,
  title,
  description,
  showDescription = false,
  headerActions,
  children,
  onCloseAutoFocus,
  onKeyDown,
  onEscapeKeyDown,
  scrollKey,
  className,
}: SheetProps) {
  const content = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    body.current?.scrollTo({ top: 0 });
  }, [scrollKey]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          ref={content}
          // The sheet itself takes focus, so its heading is read first and its keys work at once; Tab
          // then reaches its controls.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            content.current?.focus();
          }}
          onCloseAutoFocus={onCloseAutoFocus}
          onEscapeKeyDown={onEscapeKeyDown}
          onKeyDown={onKeyDown}
          className={cn(
            "fixed inset-y-0 right-0 z-50 flex w-full max-w-2xl flex-col bg-white shadow-2xl outline-none sm:border-l sm:border-slate-200",
            className,
          )}
        >
          <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-4">
            <div className="min-w-0">
              <Dialog.Title className="truncate text-lg font-semibold text-slate-900">{title}</Dialog.Title>
              <Dialog.Description className={showDescription ? "text-sm text-slate-600" : "sr-only"}>
                {description}
              </Dialog.Description>
            </div>
            <div className="flex shrink-0 items-center gap-1">
              {headerActions}
              <Dialog.Close
                aria-label="Close"
                className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <X aria-hidden="true" className="h-5 w-5" />
              </Dialog.Close>
            </div>
          </div>
          <div ref={body} className="min-h-0 flex-1 overflow-y-auto">
            {children}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
