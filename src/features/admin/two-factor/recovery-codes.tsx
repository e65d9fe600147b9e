import { Copy, Download } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "../../../components/ui/button";
import { useToast } from "../../../components/ui/toast";
import { BRAND } from "../../../config/brand";
import { recoveryCodesFile, RECOVERY_CODES_FILE_NAME } from "./two-factor-format";

interface RecoveryCodesProps {
  codes: readonly string[];
  account: string;
  onDone: () => void;
}

/** The recovery codes, shown this once: copy them, download them, then carry on. */
export function RecoveryCodes({ codes, account, onDone }: RecoveryCodesProps) {
  const toast = useToast();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form that asked for the code is gone: focus the news, so it is read out and Tab continues here.
  useEffect(() => heading.current?.focus(), []);
  const text = recoveryCodesFile(codes, account, BRAND.name, new Date());

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      toast({ title: "Recovery codes copied" });
    } catch (error) {
      console.error("Copying failed:", error);
      toast({
        title: "Could not copy",
        description: "Select the codes and copy them, or download them.",
        variant: "destructive",
      });
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = RECOVERY_CODES_FILE_NAME;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  return (
    <section aria-labelledby="recovery-codes" className="grid gap-4">
      <h2 id="recovery-codes" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        Two-factor sign-in is on. Save your recovery codes
      </h2>
      <p className="text-sm text-slate-700">
        If you lose your phone, each of these codes signs you in once in place of a code from the app. They are shown
        only now: keep them somewhere safe and private.
      </p>
      <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={copy}>
          <Copy aria-hidden="true" className="h-4 w-4" /> Copy
        </Button>
        <Button variant="outline" onClick={download}>
          <Download aria-hidden="true" className="h-4 w-4" /> Download
        </Button>
        <Button onClick={onDone} className="ml-auto">
          Done
        </Button>
      </div>
    </section>
  );
}
