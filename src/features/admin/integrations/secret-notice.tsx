import { Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";

/** A secret shown once (a webhook's signing secret, an API token), with a copy button. */
export function SecretNotice({ secret, what, onDone }: { secret: string; what: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-semibold">Copy the {what} now: it is not shown again.</p>
      <code data-secret className="break-all rounded bg-white px-2 py-1 font-mono text-xs">
        {secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={async () => {
            await navigator.clipboard?.writeText(secret).catch(() => undefined);
            setCopied(true);
          }}
        >
          <Copy aria-hidden="true" className="h-4 w-4" /> {copied ? "Copied" : "Copy"}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          I have saved it
        </Button>
      </div>
    </div>
  );
}
