import * as Dialog from "@radix-ui/react-dialog";
import { Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";

interface EraseDialogProps {
  email: string;
  busy: boolean;
  onErase: () => Promise<boolean>;
}

/**
 * Erasure cannot be undone, so it is confirmed by typing the address: the Erase button enables only
 * when the typed text is that address (case and surrounding spaces aside).
 */
export function EraseDialog({ email, busy, onErase }: EraseDialogProps) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const inputId = useId();
  const matches = typed.trim().toLowerCase() === email.toLowerCase();

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setTyped("");
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="danger">
          <Trash2 aria-hidden="true" className="h-4 w-4" /> Erase…
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">Erase everything about {email}?</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-700">
            This permanently deletes their leads, contact messages, subscription, consent records and queued emails. It
            cannot be undone. The address is kept only as a one-way hash, so it is never emailed again unless they
            subscribe anew. The erasure is recorded in the audit log.
          </Dialog.Description>
          <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
            Type the email address to confirm
          </label>
          <input
            id={inputId}
            type="email"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            className="min-h-10 rounded-md border border-slate-300 px-3 text-sm"
          />
          <div className="flex justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="ghost">Cancel</Button>
            </Dialog.Close>
            <Button
              variant="danger"
              disabled={!matches || busy}
              aria-busy={busy || undefined}
              onClick={async () => {
                if (await onErase()) setOpen(false);
              }}
            >
              Erase
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
