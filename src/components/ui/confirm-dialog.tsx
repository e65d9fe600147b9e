import * as Dialog from "@radix-ui/react-dialog";
import { useRef, useState } from "react";
import { Button } from "./button";

export interface ConfirmDialogProps {
  /** Open while the question is asked. */
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  /** Resolves once done; the dialog closes either way (a failure is shown by the caller). */
  onConfirm: () => Promise<void>;
  onCancel: () => void;
  danger?: boolean;
}

/**
 * A yes-or-no question before a change that is hard to take back, on a Radix Dialog with the
 * alertdialog role: focus starts on Cancel (the safe answer), Escape cancels, and focus returns to the
 * control that asked when it closes.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  onConfirm,
  onCancel,
  danger = true,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onCancel();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          role="alertdialog"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            cancel.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 grid w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-semibold break-words">{title}</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-700">{description}</Dialog.Description>
          <div className="flex justify-end gap-2">
            <Button ref={cancel} variant="ghost" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button
              variant={danger ? "danger" : "primary"}
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={async () => {
                setBusy(true);
                try {
                  await onConfirm();
                } finally {
                  setBusy(false);
                }
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
