import { ShieldAlert, ShieldCheck } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { SPAM_SIGNALS, splitSignals, type SpamVerdict } from "../../../domain/spam";

interface SpamSectionProps {
  /** The open lead or contact: whether it is held, its score and the signals that fired. */
  record: { spam: boolean; spamScore: number | null; spamSignals: string | null };
  /** Resolves once the decision is saved (the panel says how it went). */
  onDecide: (verdict: SpamVerdict) => Promise<void>;
}

/**
 * The spam check of the open record and the staff decision on it: a held record offers "Not spam" (back to
 * the inbox, its alert sent late) and "Spam" (keep it held, the decision on record); any other "Mark as spam".
 */
export function SpamSection({ record, onDecide }: SpamSectionProps) {
  const headingId = useId();
  const [deciding, setDeciding] = useState<SpamVerdict | null>(null);
  const signals = splitSignals(record.spamSignals);
  const held = record.spam;

  async function decide(verdict: SpamVerdict) {
    setDeciding(verdict);
    try {
      await onDecide(verdict);
    } finally {
      setDeciding(null);
    }
  }

  const Icon = held ? ShieldAlert : ShieldCheck;
  return (
    <section
      aria-labelledby={headingId}
      data-spam={held ? "held" : "inbox"}
      className={`rounded-lg border px-3 py-2 text-sm ${held ? "border-amber-400 bg-amber-50 text-amber-950" : "border-slate-200 bg-slate-50 text-slate-800"}`}
    >
      <h3 id={headingId} className="flex items-center gap-2 font-semibold">
        <Icon aria-hidden="true" className="h-4 w-4" />
        {held ? "Held as spam" : "Spam check"}
      </h3>
      <p className="mt-1">
        {record.spamScore === null ? "Not scored." : `Score ${record.spamScore} of 100.`}{" "}
        {signals.length > 0
          ? `Signals: ${signals.map((signal) => SPAM_SIGNALS[signal].label).join("; ")}.`
          : record.spamScore === null
            ? ""
            : "No signal fired."}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {held && (
          <Button variant="primary" size="sm" disabled={deciding !== null} onClick={() => void decide("not-spam")}>
            {deciding === "not-spam" ? "Restoring…" : "Not spam"}
          </Button>
        )}
        <Button variant="outline" size="sm" disabled={deciding !== null} onClick={() => void decide("spam")}>
          {deciding === "spam" ? "Saving…" : held ? "Spam" : "Mark as spam"}
        </Button>
      </div>
    </section>
  );
}
