import { CheckCircle2 } from "lucide-react";
import type { ReactNode } from "react";

/** What an emailed link did, once it has: a heading with a tick, and a sentence. */
export function LinkOutcome({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="status" className="grid gap-3">
      <h2 className="flex items-center gap-2 text-xl font-semibold">
        <CheckCircle2 aria-hidden="true" className="h-6 w-6 text-brand-700" />
        {title}
      </h2>
      <p className="text-slate-700">{children}</p>
    </div>
  );
}
